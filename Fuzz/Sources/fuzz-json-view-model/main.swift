import Foundation
import FuzzDriver

exit(runFuzzer(fuzzJSONViewModel))
