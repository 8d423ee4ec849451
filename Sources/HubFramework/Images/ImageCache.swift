import Foundation

/// An image that knows how many bytes its pixels take. The memory cache charges images by this
/// count; other images are charged 4 bytes per point of their size.
public protocol ImageWithByteCount: Image {
    /// The bytes the decoded pixels take in memory (HubGTK's pixbuf images: rows × row stride).
    var byteCount: Int { get }
}

/// A memory cache of decoded images with a byte limit, evicting the least recently used first.
///
/// Keys are image requests (URL, pixel size and scale), so the same URL at two sizes is two
/// entries. Thread-safe; `shared` is the process-wide cache every `ComponentImageLoader` uses
/// unless given another one. An image larger than the whole limit is not cached.
public final class ImageCache: @unchecked Sendable {
    /// Counters since creation (or the last `resetStatistics()`).
    public struct Statistics: Equatable, Sendable {
        /// Lookups that found an image.
        public var hits = 0
        /// Lookups that found nothing.
        public var misses = 0
        /// Images added, replacements included; images larger than the limit are not counted.
        public var insertions = 0
        /// Images dropped to stay within the byte limit (explicit removals are not counted).
        public var evictions = 0
        /// Images in the cache now.
        public var count = 0
        /// Bytes charged for the images in the cache now.
        public var totalBytes = 0

        /// hits / (hits + misses), 0 when nothing was looked up.
        public var hitRate: Double { hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses) }
    }

    /// The process-wide cache (64 MiB). Change its `byteLimit` at start-up to suit the app.
    public static let shared = ImageCache(byteLimit: 64 * 1024 * 1024)

    private final class Node {
        let key: ImageRequest
        var image: any Image
        var cost: Int
        var newer: Node?
        weak var older: Node?
        init(key: ImageRequest, image: any Image, cost: Int) {
            self.key = key
            self.image = image
            self.cost = cost
        }
    }

    private let lock = NSLock()
    // Guarded by `lock`. `newest` holds the chain through `older` (weak) and back through `newer`;
    // `oldest` is strong so that nodes stay alive: oldest → newer → … → newest.
    private var nodes: [ImageRequest: Node] = [:]
    private var oldest: Node?
    private weak var newest: Node?
    private var limit: Int
    private var stats = Statistics()

    /// Creates an empty cache.
    /// - Parameter byteLimit: the most bytes the cache holds (see ``cost(of:)``); negative counts as 0,
    ///   which caches nothing.
    public init(byteLimit: Int) {
        limit = max(0, byteLimit)
    }

    /// The most bytes the cache holds. Lowering it evicts at once.
    public var byteLimit: Int {
        get { lock.withLock { limit } }
        set {
            lock.withLock {
                limit = max(0, newValue)
                trim()
            }
        }
    }

    /// What the cache charges for `image`.
    public static func cost(of image: any Image) -> Int {
        if let counted = image as? any ImageWithByteCount { return max(1, counted.byteCount) }
        let size = image.size
        guard size.width.isFinite, size.height.isFinite else { return 1 }
        return max(1, Int(max(0, size.width) * max(0, size.height) * 4))
    }

    /// The image for `request`, marking it as recently used. Counts a hit or a miss.
    public func image(for request: ImageRequest) -> (any Image)? {
        lock.withLock {
            guard let node = nodes[request] else {
                stats.misses += 1
                return nil
            }
            stats.hits += 1
            moveToNewest(node)
            return node.image
        }
    }

    /// True when `request` is cached (does not count as a lookup nor change the order).
    public func contains(_ request: ImageRequest) -> Bool {
        lock.withLock { nodes[request] != nil }
    }

    /// Adds or replaces the image for `request`, then evicts the least recently used images until
    /// the total is within the limit.
    public func insert(_ image: any Image, for request: ImageRequest) {
        let cost = Self.cost(of: image)
        lock.withLock {
            if let existing = nodes[request] { unlink(existing) }
            guard cost <= limit else { return }
            let node = Node(key: request, image: image, cost: cost)
            nodes[request] = node
            stats.totalBytes += cost
            stats.count += 1
            stats.insertions += 1
            appendNewest(node)
            trim()
        }
    }

    /// Removes the image for `request`, if any.
    public func removeImage(for request: ImageRequest) {
        lock.withLock {
            if let node = nodes[request] { unlink(node) }
        }
    }

    /// Empties the cache (statistics other than count and bytes are kept).
    public func removeAll() {
        lock.withLock {
            // Break the strong chain iteratively (a long chain released recursively could overflow the stack).
            var node = oldest
            while let current = node {
                node = current.newer
                current.newer = nil
            }
            nodes.removeAll()
            oldest = nil
            newest = nil
            stats.count = 0
            stats.totalBytes = 0
        }
    }

    /// A snapshot of the counters, taken under the cache's lock.
    public var statistics: Statistics { lock.withLock { stats } }

    /// Zeroes hits, misses, insertions and evictions.
    public func resetStatistics() {
        lock.withLock {
            stats.hits = 0
            stats.misses = 0
            stats.insertions = 0
            stats.evictions = 0
        }
    }

    /// The cached requests from least to most recently used (for tests).
    public var keysFromOldest: [ImageRequest] {
        lock.withLock {
            var keys: [ImageRequest] = []
            var node = oldest
            while let current = node {
                keys.append(current.key)
                node = current.newer
            }
            return keys
        }
    }

    deinit {
        removeAll()
    }

    // MARK: List (called with the lock held)

    private func appendNewest(_ node: Node) {
        node.older = newest
        node.newer = nil
        if let newest { newest.newer = node } else { oldest = node }
        newest = node
    }

    private func detach(_ node: Node) {
        let older = node.older
        let newer = node.newer
        if let older { older.newer = newer } else { oldest = newer }
        if let newer { newer.older = older } else { newest = older }
        node.older = nil
        node.newer = nil
    }

    private func moveToNewest(_ node: Node) {
        guard newest !== node else { return }
        withExtendedLifetime(node) {
            detach(node)
            appendNewest(node)
        }
    }

    private func unlink(_ node: Node) {
        withExtendedLifetime(node) {
            detach(node)
            nodes[node.key] = nil
            stats.totalBytes -= node.cost
            stats.count -= 1
        }
    }

    private func trim() {
        while stats.totalBytes > limit, let victim = oldest {
            unlink(victim)
            stats.evictions += 1
        }
    }
}
