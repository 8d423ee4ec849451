internal import CGtk

/// An element of an XML document read with GLib's markup parser (GMarkup), which reads the XML
/// that desktop files are written in (AppStream metainfo, GtkBuilder files, D-Bus introspection):
/// elements, attributes and text, without DTDs. Comments and processing instructions (`<?xml …?>`)
/// are skipped.
///
/// ```swift
/// let component = try MarkupElement(parsing: metainfo)
/// let summary = component.child(named: "summary")?.text
/// ```
public struct MarkupElement: Sendable, Equatable {
    /// The element's name (`summary`).
    public var name: String
    /// Its attributes, by name (`xml:lang` among them).
    public var attributes: [String: String]
    /// The elements inside it, in order.
    public var children: [MarkupElement]
    /// The text directly inside it (not its children's), entities decoded, as written (with its
    /// spaces and line breaks).
    public var text: String

    /// An element named `name`.
    public init(name: String, attributes: [String: String] = [:], children: [MarkupElement] = [], text: String = "") {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    /// The root element of the document `document`.
    /// - Throws: `GLibError` with GLib's message, which gives the line and character of the
    ///   problem, when the document is not well-formed or has no element.
    public init(parsing document: String) throws(GLibError) {
        let builder = MarkupTreeBuilder()
        var parser = GMarkupParser(start_element: markupStartElement, end_element: markupEndElement,
                                   text: markupText, passthrough: nil, error: nil)
        let context = g_markup_parse_context_new(&parser, GMarkupParseFlags(0),
                                                 Unmanaged.passUnretained(builder).toOpaque(), nil)
        defer { g_markup_parse_context_free(context) }
        var error: UnsafeMutablePointer<GError>?
        let parsed = document.withCString { text in
            g_markup_parse_context_parse(context, text, gssize(strlen(text)), &error) != 0
                && g_markup_parse_context_end_parse(context, &error) != 0
        }
        guard parsed else { throw GLibError(taking: error, fallback: "not a markup document") }
        guard let root = builder.root else { throw GLibError(message: "the document has no element") }
        self = root
    }

    /// The elements named `name` directly inside this one, in order.
    public func children(named name: String) -> [MarkupElement] {
        children.filter { $0.name == name }
    }

    /// The first element named `name` directly inside this one.
    public func child(named name: String) -> MarkupElement? {
        children.first { $0.name == name }
    }
}

/// Builds the tree as GMarkup reports the elements: the open elements on a stack.
private final class MarkupTreeBuilder {
    var stack: [MarkupElement] = []
    var root: MarkupElement?

    func start(_ element: MarkupElement) { stack.append(element) }

    func end() {
        guard let element = stack.popLast() else { return }
        if stack.isEmpty {
            root = element
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }

    func text(_ text: String) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += text
    }

    static func from(_ data: UnsafeMutableRawPointer?) -> MarkupTreeBuilder? {
        data.map { Unmanaged<MarkupTreeBuilder>.fromOpaque($0).takeUnretainedValue() }
    }
}

// GMarkup's callbacks: functions rather than closures, since GMarkupParser holds C function
// pointers; the builder comes back as the user data.

private func markupStartElement(_ context: OpaquePointer?, _ name: UnsafePointer<gchar>?,
                                _ names: UnsafeMutablePointer<UnsafePointer<gchar>?>?,
                                _ values: UnsafeMutablePointer<UnsafePointer<gchar>?>?,
                                _ data: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?)
{
    var attributes: [String: String] = [:]
    if let names, let values {
        var index = 0
        while let attribute = names[index] {
            attributes[String(cString: attribute)] = values[index].map { String(cString: $0) } ?? ""
            index += 1
        }
    }
    MarkupTreeBuilder.from(data)?.start(MarkupElement(name: name.map { String(cString: $0) } ?? "", attributes: attributes))
}

private func markupEndElement(_ context: OpaquePointer?, _ name: UnsafePointer<gchar>?, _ data: UnsafeMutableRawPointer?,
                              _ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?)
{
    MarkupTreeBuilder.from(data)?.end()
}

private func markupText(_ context: OpaquePointer?, _ text: UnsafePointer<gchar>?, _ length: gsize,
                        _ data: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?)
{
    guard let text else { return }
    let bytes = UnsafeRawBufferPointer(start: text, count: Int(length))
    MarkupTreeBuilder.from(data)?.text(String(decoding: bytes, as: UTF8.self))
}
