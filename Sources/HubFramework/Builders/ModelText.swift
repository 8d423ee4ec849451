/// The texts a built model keeps, in storage of its own.
///
/// A builder's texts were allocated while the JSON was read, between the builder objects of
/// neighbouring rows. If the models shared them, every heap page the builders used would keep a
/// live text or two after the builders are freed, and none of those pages could go back to the
/// system: at a million rows that kept about 300 MB resident for nothing. A copy made when the
/// model is built sits beside the model instead. Texts of up to 15 bytes are stored inside the
/// `String` value itself and are not copied.
enum ModelText {
    /// Texts this long or shorter are stored inline in a `String` (on 64-bit platforms).
    private static let inlineLength = 15

    static func owned(_ text: String) -> String {
        let length = text.utf8.count
        guard length > inlineLength else { return text }
        return String(unsafeUninitializedCapacity: length) { buffer in
            buffer.initialize(fromContentsOf: text.utf8)
        }
    }

    static func owned(_ text: String?) -> String? {
        text.map { owned($0) }
    }
}
