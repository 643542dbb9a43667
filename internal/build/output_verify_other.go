//go:build !unix

package build

import "sync/atomic"

// verifyOS is verifyWalk's job where there is no fstatat.
func verifyOS(string, *record, *atomic.Bool) (*record, []string, bool) { return nil, nil, false }

// verifyListOS is verifyWalk's job where there is no fstatat.
func verifyListOS(string, *recList, *atomic.Bool) ([]int32, []string, bool) { return nil, nil, false }

// holdsOS is verifyWalk's job where there is no fstatat.
func holdsOS(string, *recList) (bool, bool) { return false, false }
