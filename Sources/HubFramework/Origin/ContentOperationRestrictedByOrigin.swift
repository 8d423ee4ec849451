/// A content operation that opens URLs for its view (documents, next pages) and must refuse what the
/// view's origin may not reach.
///
/// A view's origin is what its own content declares (``ContentOriginDeclaring``) combined with the
/// origin of the content that opened it: a view that a remote document's link opened is no more
/// trusted than that document, whatever the feature behind its URI loads. The view controller tells
/// its loader the view's origin (``ViewModelLoader/contentOrigin``), and the loader tells every
/// operation of its chain that adopts this protocol, before it runs. The operation then checks the
/// URL it is about to open, after its own unwrapping and decoding, with
/// ``ContentOriginPolicy/allowsDocument(at:from:)``. ``JSONContentOperation`` and
/// ``NextPageContentOperation`` adopt it.
@MainActor
public protocol ContentOperationRestrictedByOrigin: ContentOperation {
    /// The origin of the view the operation loads for; `.local` until the loader says otherwise.
    var viewContentOrigin: ContentOrigin { get set }
}
