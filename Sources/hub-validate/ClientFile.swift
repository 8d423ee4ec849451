import Foundation
import HubFramework

/// The file `--client FILE` names: a client's capabilities as JSON (`ClientCapabilities`' form, which
/// is also the value of the `Hub-Client` header a client sends: a server's record of one is a
/// file), read strictly: a member it does not know (a misspelt `"component"` would otherwise leave
/// the client without components, and every component would seem to fall back) and a value of the
/// wrong kind are errors, with the member's path.
enum ClientFile {
    /// The capabilities in the file at `path`, or why it holds none.
    static func read(_ path: String) throws(DocumentSource.ReadError) -> ClientCapabilities {
        let data = try DocumentSource.file(path).read()
        let value: JSONValue
        do {
            value = try JSONParser().parse(data)
        } catch {
            throw DocumentSource.ReadError(reason: "not JSON: \(error.description)")
        }
        guard case .object(let object) = value else {
            throw DocumentSource.ReadError(reason: "expected an object of capabilities, found \(value.kindDescription)")
        }
        let members = ClientCapabilities.CodingKeys.allCases.map(\.rawValue)
        // `abridged` marks a header that lists namespaces instead of components: read as it is.
        if let unknown = object.keys.sorted().first(where: { !members.contains($0) && $0 != "abridged" }) {
            throw DocumentSource.ReadError(reason: "unknown member \(JSONWriter().string(for: .string(unknown))); a client's "
                + "members are \(members.joined(separator: ", "))")
        }
        do {
            return try JSONDecoder().decode(ClientCapabilities.self, from: data)
        } catch let error as DecodingError {
            throw DocumentSource.ReadError(reason: describe(error))
        } catch {
            throw DocumentSource.ReadError(reason: "\(error)")
        }
    }

    /// `components[2]: expected a string`: where and what, without the decoder's own words for types.
    private static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            var text = ""
            for key in codingPath {
                if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
            }
            return text.isEmpty ? "(top level)" : text
        }
        func kind(_ type: Any.Type) -> String {
            switch type {
            case is String.Type: return "a string"
            case is Int.Type: return "an integer"
            default: return "an array of strings"
            }
        }
        switch error {
        case .typeMismatch(let type, let context): return "\(path(context.codingPath)): expected \(kind(type))"
        case .valueNotFound(let type, let context): return "\(path(context.codingPath)): expected \(kind(type)), found null"
        case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])): missing"
        case .dataCorrupted(let context): return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}
