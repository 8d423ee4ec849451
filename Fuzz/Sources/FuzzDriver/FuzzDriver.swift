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
