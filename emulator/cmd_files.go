package emulator

// Spec: Endpoints › Files and profile (getFile, getUserProfilePhotos). The
// files themselves (uploads, file ids, URL fetches, downloads) are in
// files.go.

import (
	"context"
	"path/filepath"

	"github.com/apigen/apigen/generated/botapi"
)

// GetFile implements getFile: the cloud server refuses files over 20 MiB;
// the local server gives an absolute path when files are on disk.
func (e *Emulator) GetFile(ctx context.Context, p *botapi.GetFileParams) (*botapi.File, error) {
	if err := e.acting(ctx, noChat, nil, func(*bot, *chat) error { return nil }); err != nil {
		return nil, err
	}
	f := e.files.get(p.FileID, botIDOf(ctx))
	if f == nil {
		return nil, bad("invalid file_id")
	}
	if !e.cfg.Local && f.size > cloudDownloadLimit {
		return nil, bad("file is too big")
	}
	out := &botapi.File{FileID: p.FileID, FileUniqueID: f.unique}
	out.FileSize.Set(f.size)
	fp := f.path
	if e.cfg.Local && e.files.dir != "" {
		if abs, err := filepath.Abs(filepath.Join(e.files.dir, filepath.FromSlash(f.path))); err == nil {
			fp = abs
		}
	}
	out.FilePath = botapi.Some(fp)
	return out, nil
}

// GetUserProfilePhotos implements getUserProfilePhotos. Users of the
// emulator have no profile photos unless the control API gives them some.
func (e *Emulator) GetUserProfilePhotos(ctx context.Context, p *botapi.GetUserProfilePhotosParams) (*botapi.UserProfilePhotos, error) {
	err := e.acting(ctx, noChat, nil, func(*bot, *chat) error {
		_, err := e.userLocked(p.UserID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &botapi.UserProfilePhotos{Photos: [][]botapi.PhotoSize{}}, nil
}
