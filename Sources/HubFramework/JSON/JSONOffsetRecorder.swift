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
    /// How deep into the document values are noted.
    private let maximumDepth: Int
    /// How many of the open steps are below ``maximumDepth``: their values are not noted.
    private var stepsBelow = 0

    /// A recorder with nothing noted, that notes where values start down to `maximumDepth` members and
    /// elements from the top level (all of them by default); a deeper value is located at its nearest
    /// ancestor that is noted. A patch that is refused for its size only needs its first levels
    /// noted, and noting a million values costs far more than parsing them.
    package init(maximumDepth: Int = .max) {
        self.maximumDepth = maximumDepth
    }

    /// A document starts: the value being read is the top level (a reader that gave up half-way
    /// may have left steps open).
    func startDocument() {
        openNodes.removeSubrange(1...)
        openSteps.removeAll()
        stepsBelow = 0
    }

    /// The value being read starts at `offset`.
    func value(at offset: Int) {
        guard stepsBelow == 0 else { return }
        offsets[openNodes[openNodes.count - 1]] = offset
    }

    /// The reader goes into the member or element `component` of the value being read.
    func enter(_ component: JSONLocation.Component) {
        openSteps.append(component)
        guard stepsBelow == 0, openNodes.count <= maximumDepth else {
            stepsBelow += 1
            return
        }
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
    }

    /// The member or element being read has ended: its container is being read again.
    func leave() {
        openSteps.removeLast()
        if stepsBelow > 0 {
            stepsBelow -= 1
        } else {
            openNodes.removeLast()
        }
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
