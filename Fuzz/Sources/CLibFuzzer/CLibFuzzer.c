// The declarations are all in include/CLibFuzzer.h; SwiftPM needs one source file.
#include "CLibFuzzer.h"
