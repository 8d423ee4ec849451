#if os(Linux)
/// glibc's `malloc_trim` (declared in `<malloc.h>`, which the Glibc module does not export).
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
#endif

/// Gives memory that was just freed back to the system.
///
/// glibc keeps freed memory in the arena of the thread that allocated it and returns it to the
/// system only in special cases. A large view (a million rows) is built on background threads and
/// later freed, often on yet another thread: without this, the process keeps the freed gigabyte
/// resident, and a reload or a few large pages in a row add up (the "RSS after F5" and history
/// figures of `make bench` show it). `malloc_trim` walks every arena and releases their free pages.
/// It takes a few milliseconds per hundred megabytes, so it is only called off the main thread,
/// after freeing something large.
package enum FreedMemory {
    /// Releases the free pages of every malloc arena. Call it on a background thread.
    package static func returnToSystem() {
        #if os(Linux)
        _ = glibcMallocTrim(0)
        #endif
    }
}
