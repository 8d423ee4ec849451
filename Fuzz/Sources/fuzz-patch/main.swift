import Foundation
import FuzzDriver

exit(runFuzzer(fuzzPatch))
