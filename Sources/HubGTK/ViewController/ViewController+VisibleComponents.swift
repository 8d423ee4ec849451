import GtkKit
import HubFramework

/// The widgets of the components on screen, by index path: for apps and delegates that need to
/// reach a component's widget (to animate it, or to present something next to it).
extension ViewController {
    /// Visible component widgets of a type, keyed by index path (header `[0]`, body `[row]`,
    /// overlays `[i]`, children extend their parent's path).
    public func visibleComponentViews(forComponentType type: ComponentType) -> [[Int]: Widget] {
        var roots: [([Int], ComponentWrapper)] = []
        switch type {
        case .header: if let headerWrapper { roots = [([0], headerWrapper)] }
        case .body: roots = visibleWrappers.map { ([$0.key], $0.value) }
        case .overlay: roots = overlayWrappers.enumerated().map { ([$0.offset], $0.element) }
        }
        var result: [[Int]: Widget] = [:]
        var stack = roots
        while let (path, wrapper) = stack.popLast() {
            if let view = wrapper.view { result[path] = view }
            for (index, _) in wrapper.visibleChildViewsByIndex {
                if let child = wrapper.visibleChildComponent(at: index) { stack.append((path + [index], child)) }
            }
        }
        return result
    }

    /// The visible widget of the component at `indexPath`, or nil.
    public func visibleView(forComponentOfType type: ComponentType, indexPath: [Int]) -> Widget? {
        guard let first = indexPath.first else { return nil }
        var wrapper: ComponentWrapper?
        switch type {
        case .header: wrapper = first == 0 ? headerWrapper : nil
        case .body: wrapper = visibleWrappers[first]
        case .overlay: wrapper = overlayWrappers.indices.contains(first) ? overlayWrappers[first] : nil
        }
        for index in indexPath.dropFirst() { wrapper = wrapper?.visibleChildComponent(at: index) }
        return wrapper?.view
    }
}
