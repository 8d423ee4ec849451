/// Notes, while a reader reads a JSON document, where each value starts (by its path), and the path
/// it was reading when it stopped with an error: hub-validate gives every problem a line and a
/// column from these, without reading the document again.
///
/// Only hub-validate asks for one; the viewer's reads pass none and pay a nil check per value. The
/// reader tells it each step into a member or an element (``enter(_:)``), where the value there
/// starts (``value(at:)``), and each step back out (``leave()``), so the steps still open when an
/// error is thrown are the path being read: a member's key once the key is read, an element's index
/// once the element is due. When an object repeats a key, the last one's offset counts, as in the
/// parser.
package final class JSONOffsetRecorder {
    /// A value's place: its container's node and the step from there.
    private struct Step: Hashable {
        let parent: Int
        let component: JSONLocation.Component
    }

    /// The node of every step taken so far; node 0 is the top level.
    private var nodes: [Step: Int] = [:]
    /// Where each node's value starts; -1 until it is seen.
    private var offsets: [Int] = [-1]
    /// The nodes from the top level to the value being read, and the steps between them.
    private var openNodes: [Int] = [0]
    private var openSteps: [JSONLocation.Component] = []

    /// A recorder with nothing noted.
    package init() {}

    /// A document starts: the value being read is the top level (a reader that gave up half-way
    /// may have left steps open).
    func startDocument() {
        openNodes.removeSubrange(1...)
        openSteps.removeAll()
    }

    /// The value being read starts at `offset`.
    func value(at offset: Int) {
        offsets[openNodes[openNodes.count - 1]] = offset
    }

    /// The reader goes into the member or element `component` of the value being read.
    func enter(_ component: JSONLocation.Component) {
        let step = Step(parent: openNodes[openNodes.count - 1], component: component)
        let node: Int
        if let known = nodes[step] {
            node = known
        } else {
            node = offsets.count
            offsets.append(-1)
            nodes[step] = node
        }
        openNodes.append(node)
        openSteps.append(component)
    }

    /// The member or element being read has ended: its container is being read again.
    func leave() {
        openNodes.removeLast()
        openSteps.removeLast()
    }

    /// The path of the value being read; where an error stopped the reader, the value it was in.
    package var pathBeingRead: [JSONLocation.Component] { openSteps }

    /// Where the value at `location` starts; for a place that is not in the document (a missing
    /// member), where its nearest ancestor that is starts.
    package func offset(of location: JSONLocation?) -> Int {
        var node = 0
        var offset = max(0, offsets[0])
        for component in JSONLocation.components(of: location) {
            guard let child = nodes[Step(parent: node, component: component)] else { break }
            node = child
            if offsets[node] >= 0 { offset = offsets[node] }
        }
        return offset
    }
}
