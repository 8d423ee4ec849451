import Foundation
import HubFramework

/// The view models a render (or a discard) replaces, held until a background thread lets them go:
/// freeing a million models takes longer than a frame. Create it *before* the controller drops its
/// own references and call ``releaseOffTheMainThread()`` after, so that this holder has the last
/// references and the models are freed on the background thread, which then gives the memory
/// back to the system. View models are immutable and `Sendable`, so freeing them there is safe.
/// A discard hands over the layout too: a million rows' frames are as slow to free.
final class ReplacedViewModels: @unchecked Sendable {
    private var models: (ViewModel?, ViewModel?)
    private var layout: ComponentLayout?

    init(_ first: ViewModel?, _ second: ViewModel?, layout: ComponentLayout? = nil) {
        models = (first, second)
        self.layout = layout
    }

    /// Lets go of the view models on a background thread when they are large, at once otherwise.
    func releaseOffTheMainThread() {
        let count = max(models.0?.bodyComponentModels.count ?? 0, models.1?.bodyComponentModels.count ?? 0)
        guard count > ContentRenderer.backgroundDiffThreshold else {
            models = (nil, nil)
            layout = nil
            return
        }
        DispatchQueue.global(qos: .utility).async {
            self.models = (nil, nil)
            self.layout = nil
            FreedMemory.returnToSystem()
        }
    }
}
