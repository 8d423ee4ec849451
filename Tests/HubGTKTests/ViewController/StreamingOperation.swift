import Foundation
import HubFramework

/// A content operation whose content arrives in parts (docs/content-loading.md, "Parts"), as the test
/// says: `add` adds rows (addRows), `reportPart` reports what is there so far as a part of the
/// content, then `finish` or `fail(with:)` ends it.
@MainActor
final class StreamingOperation: ContentOperation {
    weak var delegate: (any ContentOperationDelegate)?
    private var builder: ViewModelBuilder?
    private var reporting: (any ContentOperationDelegate)?
    private var added = 0

    func perform(forViewURI viewURI: URL, featureInfo: FeatureInfo, connectivityState: ConnectivityState,
                 viewModelBuilder: ViewModelBuilder, previousError: (any Error)?)
    {
        builder = viewModelBuilder
        reporting = delegate
        added = 0
    }

    func add(_ count: Int) {
        guard let builder else { return }
        addRows(builder, count: added + count)
        added += count
    }

    func reportPart() {
        guard let builder else { return }
        reporting?.contentOperation(self, didAddPartOfContent: builder.copy())
    }

    func finish() { reporting?.contentOperationDidFinish(self) }

    func fail(with error: any Error) { reporting?.contentOperation(self, didFailWithError: error) }
}
