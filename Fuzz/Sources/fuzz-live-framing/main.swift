import Foundation
import FuzzDriver

exit(runFuzzer(fuzzLiveFraming))
