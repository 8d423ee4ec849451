import Foundation

/// One request a document sends its server (a `request` or `submit` action), from its URL to what
/// its answer asks of the view: resolved against the document's URL, held to the
/// ``ServerRequestPolicy`` (redirects too), bounded by the view's ``ContentLimits`` (the body sent,
/// the answer's bytes as they arrive, the time), and read off the main thread.
///
/// `completion` is called once, on the main thread, unless ``cancel()`` came first.
package final class ServerExchange: Sendable {
    /// What came of a request: the values its actions read as `response.…`, and what the answer
    /// asks of the view.
    package struct Outcome: Sendable {
        package var response: ResponseValues
        package var answer: ServerAnswer
        /// What was wrong with the answer (its `state` or `errors`), for the log.
        package var problems: [String] = []

        package init(response: ResponseValues, answer: ServerAnswer, problems: [String] = []) {
            self.response = response
            self.answer = answer
            self.problems = problems
        }

        /// A request that failed before any answer, for `message`.
        package static func failure(_ message: String) -> Outcome {
            Outcome(response: ResponseValues(status: 0, ok: false, error: message), answer: .nothing)
        }
    }

    private let download: BoundedDownload?

    /// Sends `request` for a document read from `documentURL` with `origin`.
    /// - Parameters:
    ///   - formValues: the values a `submit` sends (its form's inputs), as the JSON body.
    ///   - client: the HTTP client; ``DefaultHTTPClient/current`` by default.
    ///   - clientCapabilities: what the view's client can show, sent in the
    ///     ``ClientCapabilities/headerName`` header (the answer may be a view document); nil sends none.
    @MainActor
    package init(_ request: PreparedRequest, formValues: JSONObject?, documentURL: URL?, origin: ContentOrigin,
                 policy: ServerRequestPolicy, limits: ContentLimits, client: (any HTTPClient)? = nil,
                 clientCapabilities: ClientCapabilities? = nil,
                 completion: @escaping @MainActor @Sendable (Outcome) -> Void)
    {
        let fail = Outcome.failure
        let finish: @Sendable (Outcome) -> Void = { outcome in
            DispatchQueue.main.async { MainActor.assumeIsolated { completion(outcome) } }
        }
        let written = request.url.cut(toUTF8Count: 200)
        guard let url = URL(string: request.url, relativeTo: documentURL)?.absoluteURL, url.scheme != nil else {
            download = nil
            finish(fail("\(JSONWriter().string(for: .string(written))) is not a URL"))
            return
        }
        if let refusal = policy.refusal(for: url, documentURL: documentURL, origin: origin) {
            download = nil
            finish(fail("the request to \(url.absoluteString.cut(toUTF8Count: 200)) was not sent: it \(refusal)"))
            return
        }
        var body: Data?
        if let value = formValues.map(JSONValue.object) ?? request.body {
            let text = JSONWriter().string(for: value)
            guard text.utf8.count <= limits.maximumRequestBodyBytes else {
                download = nil
                finish(fail("the request's body would be \(ContentLimits.describe(bytes: text.utf8.count)), more than "
                    + "\(ContentLimits.describe(bytes: limits.maximumRequestBodyBytes)) (the limit maximumRequestBodyBytes); "
                    + "it was not sent"))
                return
            }
            body = Data(text.utf8)
        }
        var headers = request.headers
        if headers.keys.contains(where: { $0.lowercased() == "accept" }) == false { headers["Accept"] = "application/json" }
        // A document may not set it (`RequestAction.allowedHeader`): the client alone says what it can show.
        if let clientCapabilities { headers[ClientCapabilities.headerName] = clientCapabilities.headerValue }
        let httpRequest = HTTPRequest(method: request.method, url: url, body: body, contentType: "application/json",
                                      headerFields: headers)
        var bounds = BoundedDownload.Limits(
            maximumBytes: limits.maximumResponseBytes, responseSeconds: limits.maximumConnectSeconds,
            totalSeconds: limits.maximumRequestSeconds, maximumRedirects: limits.maximumRedirects)
        // A redirect is a request of its own: to the same places only.
        bounds.allowsRedirect = { target in policy.refusal(for: target, documentURL: documentURL, origin: origin) == nil }
        let readLimits = { var copy = limits; copy.maximumDocumentBytes = limits.maximumResponseBytes; return copy }()
        download = BoundedDownload(httpRequest, client: client, limits: bounds, accepts: { _ in true }) { result in
            // On a global queue: the answer is read here, off the main thread.
            switch result {
            case .success(let body): finish(Self.outcome(of: body, limits: readLimits))
            case .failure(.redirectToUnsupportedURL(let target)):
                let refusal = policy.refusal(for: target, documentURL: documentURL, origin: origin) ?? "is not http: or https:"
                finish(fail("the server redirected the request to \(target.absoluteString.cut(toUTF8Count: 200)), which it "
                    + "does not follow: that URL \(refusal)"))
            case .failure(.tooLarge), .failure(.overSharedBudget):
                finish(fail("the answer from \(url.absoluteString.cut(toUTF8Count: 200)) is larger than "
                    + "\(ContentLimits.describe(bytes: limits.maximumResponseBytes)) (the limit maximumResponseBytes); it was dropped"))
            case .failure(let failure):
                let error = DocumentFetch.error(for: failure, url: url, limits: readLimits, timeout: limits.maximumRequestSeconds)
                finish(fail(error.description))
            }
        }
    }

    /// Stops the request; its completion is not called.
    package func cancel() { download?.cancel() }

    /// What a whole answer gives: its status and JSON, and what it asks of the view. A status outside
    /// 2xx is a failure, and so is an answer whose JSON does not parse; a failure that sends a view
    /// document (the server's error page) or messages for the form still asks for them.
    static func outcome(of body: BoundedDownload.Body, limits: ContentLimits) -> Outcome {
        let status = body.response.statusCode
        let succeeded = (200..<300).contains(status)
        let text = String(decoding: body.data.prefix(ResponseValues.maximumTextBytes * 2), as: UTF8.self)
        var error = succeeded ? "" : ContentLoadingError.httpStatus(code: status, url: body.response.url).description
        guard !body.data.isEmpty, body.data.contains(where: { !$0.isASCIIWhitespace }) else {
            return Outcome(response: ResponseValues(status: status, ok: succeeded, text: text, error: error), answer: .nothing)
        }
        let value: JSONValue
        do {
            value = try JSONParser(limits: limits).parse(body.data)
        } catch let failure {
            let message = "the answer from \(body.response.url.absoluteString.cut(toUTF8Count: 200)) is not JSON: \(failure)"
            return Outcome(response: ResponseValues(status: status, ok: false, text: text,
                                                    error: succeeded ? message : error),
                           answer: .nothing)
        }
        guard case .object(let object) = value else {
            return Outcome(response: ResponseValues(status: status, ok: succeeded, text: text, error: error), answer: .nothing)
        }
        var problems: [String] = []
        let answer = ServerAnswer.read(object, data: body.data) { problems.append($0) }
        if case .values(_, let errors) = answer, !errors.isEmpty, succeeded {
            // Messages for the form: the server did not take what was sent.
            error = "the server did not accept the form: "
                + errors.keys.sorted().map { "\($0): \(errors[$0]!)" }.joined(separator: "; ").cut(toUTF8Count: 500)
        }
        let ok = succeeded && error.isEmpty
        return Outcome(response: ResponseValues(status: status, ok: ok, body: object, text: text, error: error),
                       answer: answer, problems: problems)
    }
}

private extension UInt8 {
    var isASCIIWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
}
