/// libFuzzer's own driver, which the fuzz targets' `main` calls: SwiftPM gives every executable a
/// `main` of its own on Linux (it renames the module's entry point and points `main` at it), so
/// libFuzzer's `main` cannot be the program's; `LLVMFuzzerRunDriver` is the documented way in.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer with the process's arguments (`-max_total_time=60 corpus/`, …) on `testOneInput`,
/// which receives each input and returns 0. Returns libFuzzer's exit status.
public func runFuzzer(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    return LLVMFuzzerRunDriver(&argc, &argv, testOneInput)
}

@_silgen_name("__lsan_disable")
private func lsanDisable()

@_silgen_name("__lsan_enable")
private func lsanEnable()

/// Makes a value that a target keeps for the whole run (a view read once, which every input then
/// patches) without LeakSanitizer taking it for a leak. The Swift runtime keeps the case of a
/// multi-payload enum in the spare bits of the pointer to its payload, so LeakSanitizer cannot follow
/// such a pointer from the kept value: libFuzzer, which checks for leaks after any input that
/// allocated more than it freed, would report the kept value's enum payloads as leaked after the
/// input that first touched it. Allocations made here are ignored, with everything they hold.
public func keptForTheRun<Value>(_ make: () -> Value) -> Value {
    lsanDisable()
    defer { lsanEnable() }
    return make()
}
