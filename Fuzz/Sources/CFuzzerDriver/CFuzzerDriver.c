#include "CFuzzerDriver.h"

// libFuzzer's own main refers to this symbol, so it must exist for the link; SwiftPM points
// main at the Swift program instead, which calls LLVMFuzzerRunDriver with its own callback, so
// this is never called.
__attribute__((weak)) int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    (void)data;
    (void)size;
    return 0;
}
