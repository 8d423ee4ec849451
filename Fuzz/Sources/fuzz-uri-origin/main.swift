import Foundation
import FuzzDriver

exit(runFuzzer(fuzzURIOrigin))
