package version

import (
	"runtime/debug"
	"testing"
)

// TestStampIsStableForAWorkingCopy: goldens and committed output are
// generated from a checkout; their headers must not change with every
// commit, so a checkout stamps "(devel)" whatever the VCS says.
func TestStampIsStableForAWorkingCopy(t *testing.T) {
	for _, tc := range []struct {
		name string
		bi   debug.BuildInfo
		want string
	}{
		{"main module, VCS-stamped", debug.BuildInfo{Main: debug.Module{Path: Module, Version: "v0.0.0-20261123023000-abcdef123456+dirty"}}, Devel},
		{"main module, devel", debug.BuildInfo{Main: debug.Module{Path: Module, Version: "(devel)"}}, Devel},
		{"go test binary", debug.BuildInfo{Main: debug.Module{Path: Module}}, Devel},
		{"tool at a release", debug.BuildInfo{Main: debug.Module{Path: "example.com/bot"}, Deps: []*debug.Module{{Path: Module, Version: "v1.2.3"}}}, "v1.2.3"},
		{"tool replaced by a directory", debug.BuildInfo{Main: debug.Module{Path: "example.com/bot"}, Deps: []*debug.Module{{Path: Module, Version: "v0.0.0", Replace: &debug.Module{Path: "../apigen"}}}}, Devel},
		{"tool replaced by a version", debug.BuildInfo{Main: debug.Module{Path: "example.com/bot"}, Deps: []*debug.Module{{Path: Module, Version: "v1.0.0", Replace: &debug.Module{Path: "example.com/fork", Version: "v1.0.1"}}}}, "v1.0.1"},
	} {
		if got := fromBuildInfo(&tc.bi).stamp(); got != tc.want {
			t.Errorf("%s: stamp %q, want %q", tc.name, got, tc.want)
		}
	}
	if got := Stamp(); got != Devel {
		t.Errorf("test binary stamps %q, want %q", got, Devel)
	}
}

func TestString(t *testing.T) {
	i := fromBuildInfo(&debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: Module, Version: "(devel)"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "1a2b3c4d5e6f7a8b"}, {Key: "vcs.modified", Value: "true"}}})
	if got, want := i.String(), "apigen (devel) (vcs 1a2b3c4d5e6f, modified; go1.26.0)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}
