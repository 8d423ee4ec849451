import Foundation

/// A builder that can take content from JSON, read through its JSON schema.
///
/// JSON only ever adds or overwrites: keys that are absent leave the builder's values untouched,
/// and objects for custom data, metadata and logging data are merged key by key (JSON wins).
/// Values of the wrong type and nulls are ignored; both methods return every ignored piece as a
/// `JSONProblem` with its location in the document.
public protocol JSONCompatibleBuilder: AnyObject {
    /// Parses `data` and adds its content. Throws when the data is not JSON or its top-level value
    /// is of a kind the builder cannot use; nothing is changed then.
    @discardableResult
    func addJSON(data: Data) throws(JSONError) -> [JSONProblem]

    /// Adds the content of a JSON object. Never fails; returns what was ignored.
    @discardableResult
    func addJSON(dictionary: JSONObject) -> [JSONProblem]
}

/// Parses data that must hold a JSON object.
func parseJSONObject(_ data: Data) throws(JSONError) -> JSONObject {
    let value = try JSONParser().parse(data)
    guard case .object(let object) = value else {
        throw JSONError.unexpectedTopLevelValue(expected: "an object", found: value.kindDescription)
    }
    return object
}

/// What a builder's `addJSON(dictionary:)` returns: the problems `read` reports, reading the object
/// into the builder, to a collector with the default limits.
func problemsReading(_ read: (JSONProblemCollector) -> Void) -> [JSONProblem] {
    let problems = JSONProblemCollector()
    read(problems)
    return problems.problems
}

/// `existing` with the members of `json` added or replaced.
func mergeJSONObject(_ existing: JSONObject?, with json: JSONObject) -> JSONObject {
    guard var merged = existing else { return json }
    for (key, value) in json { merged[key] = value }
    return merged
}
