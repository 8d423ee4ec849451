import Foundation
import FuzzDriver

exit(runFuzzer(fuzzJSONParser))
