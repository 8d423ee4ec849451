/// The builder `stored` holds, or, when it holds none, the one `create` makes, stored there first.
///
/// A builder's parts (images, target, header, a target's initial view) are created on first use
/// and the same instance is handed out afterwards, so that the many components without them (a
/// million rows) do not pay for builders they never fill.
@inline(__always)
func storedOrCreated<Builder: AnyObject>(_ stored: inout Builder?, _ create: () -> Builder) -> Builder {
    if let stored { return stored }
    let builder = create()
    stored = builder
    return builder
}
