/// Turns the name of a bundled image into an image. Used for the `local` key of image data JSON
/// (the original looked the name up in the app bundle); an app can resolve names through
/// GResources, the icon theme or files.
public protocol LocalImageResolver: Sendable {
    /// The image called `name`, or nil when there is none (the JSON value is then ignored and reported).
    func image(named name: String) -> (any Image)?
}
