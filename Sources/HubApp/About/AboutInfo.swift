import Foundation
import HubFramework
import HubGTK

/// What an app's About window says besides its name and version: a line about the app, its
/// website, its licence and who made it. ``HubApplication`` reads it from the app's AppStream
/// metainfo (``init(metainfo:languages:)``), so that the facts a software centre shows are written
/// once.
///
/// ```swift
/// app.about = AboutInfo(summary: "Cities of the world", website: URL(string: "https://example.org/cities"),
///                       licenseIdentifier: "MIT", developers: ["The Cities developers"])
/// ```
public struct AboutInfo: Sendable, Equatable {
    /// A line on what the app does (the metainfo's `<summary>`, in the user's language when it
    /// has a translation).
    public var summary: String?
    /// The app's website (the metainfo's `<url type="homepage">`).
    public var website: URL?
    /// The app's licence, as an SPDX identifier or expression (the metainfo's
    /// `<project_license>`): `GPL-3.0-or-later`, `MIT`.
    public var licenseIdentifier: String?
    /// Who made the app, listed under Credits (the metainfo's `<developer><name>`, or its older
    /// `<developer_name>`).
    public var developers: [String]

    /// The facts given; nil and empty ones are left out of the About window.
    public init(summary: String? = nil, website: URL? = nil, licenseIdentifier: String? = nil, developers: [String] = []) {
        self.summary = summary
        self.website = website
        self.licenseIdentifier = licenseIdentifier
        self.developers = developers
    }

    /// A metainfo file larger than this is not read: 1 MiB, hundreds of times what one holds.
    public static let maximumMetainfoSize = 1 << 20

    /// What the AppStream metainfo `metainfo` (the text of `APP_ID.metainfo.xml`) says. Texts
    /// translated into one of `languages` (language tags, most preferred first: `de-DE`, `de`) are
    /// taken in that language (`xml:lang`), others as written.
    /// - Throws: ``ReadError`` when the text is not well-formed XML or its root is not a
    ///   `<component>`.
    public init(metainfo: String, languages: [String] = UserLanguages.current) throws(ReadError) {
        let component: MarkupElement
        do {
            component = try MarkupElement(parsing: metainfo)
        } catch {
            throw ReadError(message: error.message)
        }
        guard component.name == "component" else {
            throw ReadError(message: "the root element is <\(component.name)>, not AppStream's <component>")
        }
        let preference = Self.languagePreference(languages)
        summary = Self.translated(component.children(named: "summary"), preference)
        website = component.children(named: "url").first { $0.attributes["type"] == "homepage" }
            .flatMap { URL(string: Self.normalized($0.text)) }
        licenseIdentifier = component.child(named: "project_license").map { Self.normalized($0.text) }
            .flatMap { $0.isEmpty ? nil : $0 }
        if let developer = component.child(named: "developer"),
            let name = Self.translated(developer.children(named: "name"), preference)
        {
            developers = [name]
        } else if let name = Self.translated(component.children(named: "developer_name"), preference) {
            developers = [name]
        } else {
            developers = []
        }
    }

    /// What the AppStream metainfo file at `url` says (see ``init(metainfo:languages:)``). Reads
    /// the file: call it off the main thread.
    /// - Throws: ``ReadError``, naming the file, when it cannot be read, is larger than
    ///   ``maximumMetainfoSize`` or is not metainfo.
    public init(metainfoContentsOf url: URL, languages: [String] = UserLanguages.current) throws(ReadError) {
        let name = url.lastPathComponent
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            data = try handle.read(upToCount: Self.maximumMetainfoSize + 1) ?? Data()
        } catch {
            throw ReadError(message: "\(name): cannot read it: \(error.localizedDescription)")
        }
        guard data.count <= Self.maximumMetainfoSize else {
            throw ReadError(message: "\(name): larger than \(Self.maximumMetainfoSize) bytes")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ReadError(message: "\(name): not UTF-8 text")
        }
        do {
            try self.init(metainfo: text, languages: languages)
        } catch {
            throw ReadError(message: "\(name): \(error.message)")
        }
    }

    /// Where the AppStream metainfo of the app `applicationID` is, looked for as
    /// `APP_ID.metainfo.xml`: next to the running executable (a build, where
    /// `tools/translations.sh build` writes the viewer's), in the `share/metainfo` of the prefix
    /// it is installed in, then in `$XDG_DATA_HOME/metainfo` and each `$XDG_DATA_DIRS/metainfo`
    /// (where packages install it). Nil when there is none.
    public static func metainfoFile(forApplicationID applicationID: String,
                                    environment: [String: String] = ProcessInfo.processInfo.environment,
                                    executable: URL? = runningExecutable) -> URL?
    {
        let name = "\(applicationID).metainfo.xml"
        var folders: [URL] = []
        if let bin = executable?.deletingLastPathComponent() {
            folders.append(bin)
            folders.append(bin.deletingLastPathComponent().appendingPathComponent("share/metainfo"))
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) }
        if let dataHome = environment["XDG_DATA_HOME"].flatMap({ $0.hasPrefix("/") ? $0 : nil }) {
            folders.append(URL(fileURLWithPath: dataHome).appendingPathComponent("metainfo"))
        } else if let home {
            folders.append(home.appendingPathComponent(".local/share/metainfo"))
        }
        let dataDirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        for folder in dataDirs.split(separator: ":") where folder.hasPrefix("/") {
            folders.append(URL(fileURLWithPath: String(folder)).appendingPathComponent("metainfo"))
        }
        return folders.map { $0.appendingPathComponent(name) }
            .first { FileManager.default.isReadableFile(atPath: $0.path) }
    }

    /// The running executable, symbolic links resolved (`/proc/self/exe`).
    public static var runningExecutable: URL? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map { URL(fileURLWithPath: $0) }
    }

    /// Why a metainfo file could not be read.
    public struct ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What went wrong, with the file's name and, for XML that is not well-formed, the line and
        /// character.
        public let message: String
        /// The message.
        public var description: String { message }
    }

    // MARK: Reading

    /// The `xml:lang` values to look for, most preferred first: each tag as AppStream writes it
    /// (`de_DE`, as msgfmt does) and as BCP 47 does (`de-DE`).
    private static func languagePreference(_ languages: [String]) -> [String] {
        var result: [String] = []
        for tag in languages {
            for form in [tag, tag.replacingOccurrences(of: "-", with: "_")] where !result.contains(form) {
                result.append(form)
            }
        }
        return result
    }

    /// The text of the element in the most preferred language, else of the one without `xml:lang`.
    private static func translated(_ elements: [MarkupElement], _ languages: [String]) -> String? {
        for language in languages {
            if let element = elements.first(where: { $0.attributes["xml:lang"] == language }) {
                return normalized(element.text)
            }
        }
        return elements.first { $0.attributes["xml:lang"] == nil }.map { normalized($0.text) }
    }

    /// The text with its runs of white space (the file's line breaks and indentation) made single
    /// spaces.
    private static func normalized(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
