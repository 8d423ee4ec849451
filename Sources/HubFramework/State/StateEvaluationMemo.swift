/// What the last application of a view's state made, kept so that the next one evaluates only the
/// components whose bindings read something that changed (``StateChange``): for each top-level
/// component of the source view model (the header, each body component, each overlay), the model
/// it gave (nil when hidden) and what its subtree read, as bits.
///
/// Each variable a view's components read gets a bit the first time one is read, up to
/// ``ordinaryBits``; later ones share the overflow bit (a change to any of them evaluates every
/// component that reads any of them: more work, never a stale value). Three more bits stand for what
/// is not a variable: an input's message (it shows once the person left the input or tried to
/// submit its form, or when the server answered a form), a form's validity (a submit button is
/// enabled while every input of its form is valid, which any change of a variable may alter), and
/// whether a component's request is in flight (it is busy until the answer).
///
/// Used by one evaluation at a time: the view hands it to the thread that evaluates and does not
/// touch it until that evaluation is over.
package final class StateEvaluationMemo: @unchecked Sendable {
    /// One top-level component's last result.
    struct Entry {
        var result: ComponentModel?
        var reads: UInt64
    }

    static let ordinaryBits = 60
    static let overflowBit: UInt64 = 1 << 60
    static let requestsBit: UInt64 = 1 << 61
    static let interactionBit: UInt64 = 1 << 62
    static let formValidityBit: UInt64 = 1 << 63

    /// The source view model the entries belong to.
    private(set) var source: ViewModel?
    var header: Entry?
    var body: [Entry] = []
    var overlays: [Entry] = []
    private var bitsBySource: [BindingScope.Source: UInt64] = [:]

    package init() {}

    /// Forgets the entries when `source` is not the view model they were made from.
    func prepare(for source: ViewModel) -> Bool {
        guard self.source !== source else { return true }
        self.source = source
        header = nil
        body = []
        overlays = []
        return false
    }

    /// Forgets the entries: the next evaluation evaluates every component (what the last one made
    /// is not to be kept, such as components it had no budget left for).
    func forget() {
        source = nil
        header = nil
        body = []
        overlays = []
    }

    /// The bit of `source`, given one if it has none yet.
    func bit(for source: BindingScope.Source) -> UInt64 {
        if let bit = bitsBySource[source] { return bit }
        let bit = bitsBySource.count < Self.ordinaryBits ? UInt64(1) << UInt64(bitsBySource.count) : Self.overflowBit
        bitsBySource[source] = bit
        return bit
    }

    /// The bits of each slot of the scope used last, by slot index: most components of a view share
    /// the view's scope, so the bits of what a component reads are a few array reads.
    private var currentScope: ObjectIdentifier?
    private var currentSlotBits: [UInt64] = []

    /// The bits of what `bindings` read.
    func reads(of bindings: ComponentBindings) -> UInt64 {
        let scope = bindings.scope
        let key = ObjectIdentifier(scope)
        if key != currentScope {
            currentScope = key
            currentSlotBits = scope.sources.map { source in
                if case .own = source { return 0 }
                return bit(for: source)
            }
        }
        var bits: UInt64 = 0
        for slot in bindings.readSlots {
            bits |= currentSlotBits.indices.contains(slot) ? currentSlotBits[slot] : bit(for: scope.source(of: ExpressionSlot(slot)))
        }
        if bindings.input != nil { bits |= Self.interactionBit }
        if bindings.submitsForm { bits |= Self.formValidityBit }
        if bindings.sendsRequests { bits |= Self.requestsBit }
        return bits
    }

    /// The bits a change touches: those of the variables that changed (the overflow bit for one
    /// without a bit of its own, which no component read, or read past the ordinary bits), the
    /// interaction bit, and the form validity bit for any change of a variable.
    func touched(by change: StateChange) -> UInt64 {
        if change.everything { return .max }
        var bits: UInt64 = (change.interaction ? Self.interactionBit : 0) | (change.requests ? Self.requestsBit : 0)
        for source in change.sources {
            bits |= bitsBySource[source] ?? (bitsBySource.count >= Self.ordinaryBits ? Self.overflowBit : 0)
        }
        if !change.sources.isEmpty { bits |= Self.formValidityBit }
        return bits
    }
}
