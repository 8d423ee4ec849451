internal import CSoup
import Foundation

/// What a `GError` from libsoup means for the framework: a `URLError` whose code says what kind of
/// failure it was and whose description (`NSLocalizedDescriptionKey`) says what happened, in words
/// that the error page shows as they are (see `ContentLoadingError`).
///
/// libsoup reports a response that is not HTTP in `SOUP_SESSION_ERROR` (parsing, an unknown transfer
/// encoding), but headers over its limit with the code of a connection cut short
/// (`G_IO_ERROR_PARTIAL_INPUT`); each gets a sentence of its own, so that a server that sends
/// garbage is never reported as a lost connection.
enum SoupErrorTranslation {
    /// Response headers libsoup accepts (its `HEADER_SIZE_LIMIT`).
    static let maximumHeaderBytes = 100 * 1024

    /// The `URLError` for `error`, which ended the exchange of `message` for `url`.
    static func urlError(_ error: UnsafeMutablePointer<GError>?, message: OpaquePointer?, url: URL) -> URLError {
        guard let error else { return URLError(.unknown) }
        let domain = error.pointee.domain
        let code = error.pointee.code
        let text = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        func make(_ urlCode: URLError.Code, _ description: String = text) -> URLError {
            URLError(urlCode, userInfo: [NSLocalizedDescriptionKey: description, NSURLErrorFailingURLErrorKey: url])
        }
        if hub_soup_error_is_header_too_big(error) != 0 {
            return make(.badServerResponse, "the server sent too many or too large response headers (more than "
                            + "the \(maximumHeaderBytes / 1024) KiB the client accepts)")
        }
        if domain == hub_soup_io_error_quark() {
            switch GIOErrorEnum(rawValue: UInt32(code)) {
            case G_IO_ERROR_CONNECTION_REFUSED: return make(.cannotConnectToHost)
            case G_IO_ERROR_HOST_NOT_FOUND: return make(.cannotFindHost)
            case G_IO_ERROR_TIMED_OUT: return make(.timedOut)
            case G_IO_ERROR_NETWORK_UNREACHABLE, G_IO_ERROR_HOST_UNREACHABLE: return make(.cannotConnectToHost)
            case G_IO_ERROR_PARTIAL_INPUT, G_IO_ERROR_CONNECTION_CLOSED, G_IO_ERROR_BROKEN_PIPE:
                return make(.networkConnectionLost)
            case G_IO_ERROR_PROXY_FAILED, G_IO_ERROR_PROXY_AUTH_FAILED, G_IO_ERROR_PROXY_NOT_ALLOWED,
                G_IO_ERROR_PROXY_NEED_AUTH:
                return make(.cannotConnectToHost, "the proxy refused the connection: \(text)")
            case G_IO_ERROR_INVALID_DATA:
                let coding = responseHeader("Content-Encoding", of: message).map { " (Content-Encoding: \($0))" } ?? ""
                return make(.cannotDecodeContentData, "the server's response body could not be decoded\(coding): \(text)")
            case G_IO_ERROR_NOT_SUPPORTED: return make(.unsupportedURL)
            default: return make(.unknown)
            }
        }
        if domain == hub_soup_resolver_error_quark() { return make(.cannotFindHost) }
        if domain == hub_soup_tls_error_quark() { return tlsError(text, message: message, make: make) }
        if domain == hub_soup_session_error_quark() {
            switch SoupSessionError(rawValue: UInt32(code)) {
            case SOUP_SESSION_ERROR_PARSING:
                return make(.badServerResponse, "the server's response was malformed (its status line or headers "
                                + "are not valid HTTP)")
            case SOUP_SESSION_ERROR_ENCODING:
                let encoding = responseHeader("Transfer-Encoding", of: message).map { ": \($0)" } ?? ""
                return make(.badServerResponse, "the server's response was malformed (it uses a transfer encoding "
                                + "the client does not know\(encoding))")
            case SOUP_SESSION_ERROR_TOO_MANY_REDIRECTS, SOUP_SESSION_ERROR_REDIRECT_NO_LOCATION,
                SOUP_SESSION_ERROR_REDIRECT_BAD_URI:
                // Not reached: the framework follows redirects itself (SOUP_MESSAGE_NO_REDIRECT).
                return make(.httpTooManyRedirects)
            case SOUP_SESSION_ERROR_TOO_MANY_RESTARTS:
                return make(.badServerResponse, "the server made the request start over too many times")
            default: return make(.badServerResponse)
            }
        }
        return make(.unknown)
    }

    /// The error for a chunked body whose wire bytes are more than its chunks can account for
    /// (see ``ChunkedFraming``).
    static func malformedChunkedBody(url: URL) -> URLError {
        URLError(.badServerResponse, userInfo: [
            NSLocalizedDescriptionKey: "the server's response was malformed (its chunked body does not follow the "
                + "chunked format: a chunk size is not a hexadecimal number)",
            NSURLErrorFailingURLErrorKey: url,
        ])
    }

    private static func responseHeader(_ name: String, of message: OpaquePointer?) -> String? {
        guard let message, let value = soup_message_headers_get_list(soup_message_get_response_headers(message), name)
        else { return nil }
        return String(cString: value)
    }

    /// A certificate the system does not trust names the check that failed.
    private static func tlsError(_ text: String, message: OpaquePointer?,
                                 make: (URLError.Code, String) -> URLError) -> URLError
    {
        let flags = message.map { soup_message_get_tls_peer_certificate_errors($0).rawValue } ?? 0
        if flags & G_TLS_CERTIFICATE_UNKNOWN_CA.rawValue != 0 {
            return make(.serverCertificateHasUnknownRoot, "the server's certificate was issued by an unknown authority")
        }
        if flags & G_TLS_CERTIFICATE_BAD_IDENTITY.rawValue != 0 {
            return make(.serverCertificateUntrusted, "the server's certificate is for another host name")
        }
        if flags & G_TLS_CERTIFICATE_EXPIRED.rawValue != 0 {
            return make(.serverCertificateHasBadDate, "the server's certificate has expired")
        }
        if flags & G_TLS_CERTIFICATE_NOT_ACTIVATED.rawValue != 0 {
            return make(.serverCertificateNotYetValid, "the server's certificate is not valid yet")
        }
        if flags & G_TLS_CERTIFICATE_REVOKED.rawValue != 0 {
            return make(.serverCertificateUntrusted, "the server's certificate has been revoked")
        }
        if flags != 0 { return make(.serverCertificateUntrusted, "the server's certificate is not trusted (\(text))") }
        return make(.secureConnectionFailed, text)
    }
}
