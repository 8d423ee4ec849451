import Foundation
import FuzzDriver

exit(runFuzzer(fuzzExpressions))
