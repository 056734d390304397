package output

import "errors"

// ErrBusy is the error of a build that found another writing the same
// output folder (a second `serve` or a `build` on it): the other one's
// done, it may run again.
var ErrBusy = errors.New("another build is writing it")
