import Foundation
import HubFramework
import HubGTK

/// `hub-demo:reallylonglist` — rows loaded 50 at a time as the user nears the bottom, and
/// `hub-demo:reallylonglist:million`, a million rows at once.
@MainActor
final class ReallyLongListOperation: ContentOperationWithPaginatedContent {
    weak var delegate: (any ContentOperationDelegate)?
    static let pageSize = 50

    func perform(forViewURI viewURI: URL, featureInfo: FeatureInfo, connectivityState: ConnectivityState,
                 viewModelBuilder: ViewModelBuilder, previousError: (any Error)?)
    {
        viewModelBuilder.navigationBarTitle = localized("Really Long List")
        addPage(0, to: viewModelBuilder)
        delegate?.contentOperationDidFinish(self)
    }

    func appendContent(forPageIndex pageIndex: Int, to viewModelBuilder: ViewModelBuilder, viewURI: URL,
                       featureInfo: FeatureInfo, connectivityState: ConnectivityState, previousError: (any Error)?)
    {
        addPage(pageIndex, to: viewModelBuilder)
        delegate?.contentOperationDidFinish(self)
    }

    private func addPage(_ page: Int, to builder: ViewModelBuilder) {
        let start = page * Self.pageSize
        Self.addRows(start..<(start + Self.pageSize), to: builder)
    }

    /// Rows `row-N` titled "Row number N+1", for both lists: added as rows (`addBodyRow`), records in
    /// the body's store, not a builder each, which at a million rows saves most of the time and
    /// memory building them takes.
    nonisolated static func addRows(_ indices: Range<Int>, to builder: ViewModelBuilder) {
        let titles = RowTitles()
        builder.reserveBodyCapacity(builder.numberOfBodyComponentModelBuilders + indices.count)
        for index in indices {
            builder.addBodyRow(withIdentifier: "row-\(index)", componentName: "row", title: titles(index + 1))
        }
    }
}

/// "Row number N" in the user's language, for many rows: the message is translated once and each
/// row's number put into it by concatenation (filling a message's placeholder for each of a million
/// rows would take seconds). The number is written as it was before translation, in plain digits.
struct RowTitles: Sendable {
    private let before: String
    private let after: String

    init() {
        let marker = "\u{FFFC}"
        // Translators: the title of a row of the demo lists; %s is the row's number (1, 2, 3…).
        let template = localized("Row number %s", marker)
        if let range = template.range(of: marker) {
            before = String(template[..<range.lowerBound])
            after = String(template[range.upperBound...])
        } else {
            before = template + " "
            after = ""
        }
    }

    /// The title of row `number` (counted from 1).
    func callAsFunction(_ number: Int) -> String {
        before + String(number) + after
    }
}

@MainActor
enum ReallyLongListFeature {
    static let uri = URL(string: "hub-demo:reallylonglist")!
    static let millionURI = URL(string: "hub-demo:reallylonglist:million")!
    nonisolated static let millionCount = 1_000_000

    static func register(in hub: Hub) {
        try! hub.featureRegistry.registerDemoFeature(
            identifier: "reallyLongList", viewURI: uri, title: localized("Really Long List"),
            description: localized("Rows that load 50 at a time as you scroll"),
            contentOperationFactories: [BlockContentOperationFactory { _ in [ReallyLongListOperation()] }])
        // A million rows are made on a background thread, so the window keeps drawing (and its
        // spinner turning) while they are.
        let million = BackgroundContentOperation { context in
            context.viewModelBuilder.navigationBarTitle = localized("A Million Rows")
            ReallyLongListOperation.addRows(0..<millionCount, to: context.viewModelBuilder)
        }
        try! hub.featureRegistry.registerDemoFeature(
            identifier: "millionRows", viewURI: millionURI, title: localized("A Million Rows"),
            description: localized("1,000,000 rows, recycled through a handful of widgets"),
            contentOperationFactories: [BlockContentOperationFactory { _ in [million] }])
    }
}
