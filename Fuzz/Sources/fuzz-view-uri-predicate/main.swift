import Foundation
import FuzzDriver

exit(runFuzzer(fuzzViewURIPredicate))
