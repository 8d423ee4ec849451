import Foundation

/// Whether the tests run under AddressSanitizer or ThreadSanitizer (`make sanitize`), whose
/// instrumentation makes code several times slower and its stack frames several times larger. A
/// test that bounds time or stack keeps its bound for the plain build and scales it here, so that it
/// still catches what it is about (a quadratic match, a recursion without bound) under a sanitizer.
enum Sanitizer {
    /// True when a sanitizer's runtime is linked in.
    static let isActive = dlsym(nil, "__sanitizer_get_current_allocated_bytes") != nil
    /// How many times a time bound is scaled: ThreadSanitizer runs code 5–15 times slower.
    static let slowdown: Double = isActive ? 15 : 1
}
