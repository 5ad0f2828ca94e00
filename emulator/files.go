package emulator

// The files (fileStore): uploads, file ids (each bot's own), URL fetches
// and downloads, as every method that takes or shows a file uses them.
// Spec: Endpoints › Files and profile; its methods are in cmd_files.go.

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"image"
	_ "image/gif" // photo sizes of GIF uploads
	"image/jpeg"
	_ "image/png" // photo sizes of PNG uploads
	"io"
	"io/fs"
	"maps"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

type fileKind string

const (
	kindPhoto     fileKind = "photos"
	kindAudio     fileKind = "music"
	kindDocument  fileKind = "documents"
	kindVideo     fileKind = "videos"
	kindAnimation fileKind = "animations"
	kindVoice     fileKind = "voice"
	kindVideoNote fileKind = "video_notes"
	kindThumb     fileKind = "thumbnails"
)

// storedFile is an upload the service keeps. A file_id belongs to one bot
// (the spec: file_unique_id is what stays the same across bots): id is
// the uploader's, and a bot that sees the file in an update or a forwarded
// message gets its own id (others). Only those bots can use the file,
// getFile it or download it; its path is random, so uploads cannot be
// listed.
type storedFile struct {
	id, unique string
	owner      int64            // the uploading bot
	others     map[int64]string // other bots that were shown the file -> their file_id
	path       string           // file_path: <kind>/file_<random><ext>
	kind       fileKind
	name, mime string
	size       int
	width      int
	height     int
	data       []byte // memory store; nil when on disk
}

// fileRef is what a file_id names: a file, for one bot.
type fileRef struct {
	f   *storedFile
	bot int64
}

// fileStore takes in the files bots send (uploads, file ids, URLs; local
// paths on the local server), keeps them in memory or in a directory and
// serves downloads (it is the generated server's FileStore).
type fileStore struct {
	dir    string
	local  bool    // the local server's rules (file:// uploads)
	fetch  fetcher // files sent by URL
	mu     sync.Mutex
	byID   map[string]fileRef
	byPath map[string]*storedFile
}

func newFileStore(dir string, local bool) *fileStore {
	return &fileStore{dir: dir, local: local, fetch: newFetcher(local), byID: map[string]fileRef{}, byPath: map[string]*storedFile{}}
}

// randomName is an unguessable name part (crypto/rand: paths and file ids
// are the only thing between a stranger and an upload).
func randomName(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// Open serves /file/bot<token>/<file_path>, to the bots that hold an id of
// the file only.
func (s *fileStore) Open(ctx context.Context, p string) (fs.File, error) {
	f := s.servable(p, botIDOf(ctx))
	if f == nil {
		return nil, fs.ErrNotExist
	}
	if f.data == nil {
		return os.Open(filepath.Join(s.dir, filepath.FromSlash(p)))
	}
	return &memFile{Reader: bytes.NewReader(f.data), f: f}, nil
}

// servable is the file at download path p if bot holds an id of it, else nil.
func (s *fileStore) servable(p string, bot int64) *storedFile {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := s.byPath[p]
	if f == nil || (f.owner != bot && f.others[bot] == "") {
		return nil
	}
	return f
}

// botIDOf is the bot id of the request's token (the generated server has
// checked it: authorize), 0 outside a request.
func botIDOf(ctx context.Context) int64 {
	token, _ := botapiserver.TokenFromContext(ctx)
	i := strings.IndexByte(token, ':')
	if i <= 0 {
		return 0
	}
	id, err := strconv.ParseInt(token[:i], 10, 64)
	if err != nil {
		return 0
	}
	return id
}

type memFile struct {
	*bytes.Reader
	f *storedFile
}

func (m *memFile) Stat() (fs.FileInfo, error) { return memInfo{m.f}, nil }
func (m *memFile) Close() error               { return nil }

type memInfo struct{ f *storedFile }

func (i memInfo) Name() string       { return path.Base(i.f.path) }
func (i memInfo) Size() int64        { return int64(i.f.size) }
func (i memInfo) Mode() fs.FileMode  { return 0o444 }
func (i memInfo) ModTime() time.Time { return time.Time{} }
func (i memInfo) IsDir() bool        { return false }
func (i memInfo) Sys() any           { return nil }

// put stores data as a new file of kind uploaded by bot owner.
// file_unique_id comes from the contents, so it is stable over time and
// across bots; file_id is new for every upload.
func (s *fileStore) put(kind fileKind, name string, data []byte, owner int64) (*storedFile, error) {
	sum := sha256.Sum256(data)
	ext := path.Ext(name)
	if len(ext) > 10 || strings.ContainsAny(ext, "/\\") {
		ext = ""
	}
	mt := mime.TypeByExtension(ext)
	if mt == "" {
		mt = http.DetectContentType(data)
	}
	if i := strings.IndexByte(mt, ';'); i >= 0 {
		mt = mt[:i]
	}
	f := &storedFile{
		kind:   kind,
		name:   name,
		mime:   mt,
		size:   len(data),
		unique: "AQAD" + base64.RawURLEncoding.EncodeToString(sum[:9]),
		path:   string(kind) + "/file_" + randomName(16) + ext,
		id:     "BQAC" + randomName(24),
		owner:  owner,
	}
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(data)); err == nil {
		f.width, f.height = cfg.Width, cfg.Height
	}
	if s.dir != "" {
		full := filepath.Join(s.dir, filepath.FromSlash(f.path))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(full, data, 0o644); err != nil {
			return nil, err
		}
	} else {
		f.data = data
	}
	s.register(f, owner)
	return f, nil
}

// register makes f findable by its id and its download path, once its
// contents are stored.
func (s *fileStore) register(f *storedFile, owner int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.byID[f.id] = fileRef{f, owner}
	s.byPath[f.path] = f
}

// get returns the file that id names for bot; another bot's id names
// nothing.
func (s *fileStore) get(id string, bot int64) *storedFile {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.byID[id]
	if !ok || r.bot != bot {
		return nil
	}
	return r.f
}

// idFor returns bot's file_id of the file another id names (the same id
// when it is bot's or names no file).
func (s *fileStore) idFor(id string, bot int64) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.byID[id]
	if !ok || r.bot == bot {
		return id
	}
	f := r.f
	if f.owner == bot {
		return f.id
	}
	if mine := f.others[bot]; mine != "" {
		return mine
	}
	if f.others == nil {
		f.others = map[int64]string{}
	}
	mine := "BQAC" + randomName(24)
	f.others[bot] = mine
	s.byID[mine] = fileRef{f, bot}
	return mine
}

var errWrongFile = bad("wrong file identifier/HTTP URL specified")

// ingest turns a file parameter into a stored file: an upload is read and
// stored, a file_id is looked up, an HTTP URL is fetched (as the service
// does), and in local mode a file:// URI is read from disk.
func (s *fileStore) ingest(ctx context.Context, f botapi.InputFile, kind fileKind) (*storedFile, error) {
	return s.ingestFor(ctx, botIDOf(ctx), f, kind)
}

// ingestFor is ingest for the bot owner.
func (s *fileStore) ingestFor(ctx context.Context, owner int64, f botapi.InputFile, kind fileKind) (*storedFile, error) {
	var data []byte
	name := f.Name()
	switch {
	case !f.IsSet():
		return nil, bad("file is not specified")
	case f.IsUpload():
		r := f.Reader()
		if r == nil {
			return nil, bad("file is empty")
		}
		b, err := io.ReadAll(r)
		if err != nil {
			return nil, err
		}
		data = b
	case f.IsURL():
		b, err := s.fetch.get(ctx, f.Ref())
		if err != nil {
			return nil, bad("failed to get HTTP URL content")
		}
		data, name = b, path.Base(f.Ref())
	case s.local && strings.HasPrefix(f.Ref(), "file://"):
		p := strings.TrimPrefix(f.Ref(), "file://")
		b, err := os.ReadFile(filepath.FromSlash(p))
		if err != nil {
			return nil, bad("file not found: " + p)
		}
		data, name = b, filepath.Base(p)
	default:
		sf := s.get(f.Ref(), owner)
		if sf == nil {
			return nil, errWrongFile
		}
		return sf, nil
	}
	if len(data) == 0 {
		return nil, bad("file must be non-empty")
	}
	if kind == kindPhoto {
		if _, _, err := image.DecodeConfig(bytes.NewReader(data)); err != nil {
			return nil, bad("IMAGE_PROCESS_FAILED")
		}
	}
	return s.put(kind, name, data, owner)
}

// fetcher downloads the files sent by HTTP URL, at most limit bytes each.
type fetcher struct {
	client *http.Client
	limit  int64
}

// newFetcher is the fetcher of the cloud server (20 MiB, no reserved
// addresses: newFetchClient) or of the local one (2000 MiB, any address).
func newFetcher(local bool) fetcher {
	if local {
		return fetcher{newFetchClient(true), 2000 << 20}
	}
	return fetcher{newFetchClient(false), cloudDownloadLimit}
}

// get downloads u; a request cancelled by its client stops it.
func (f fetcher) get(ctx context.Context, u string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	resp, err := f.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, errors.New(resp.Status)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, f.limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > f.limit {
		return nil, errors.New("too big")
	}
	return b, nil
}

// newFetchClient is the client of file URLs. In cloud mode it refuses,
// when connecting (so after DNS and on every redirect), the addresses
// setWebhook refuses: loopback, private, link-local and unspecified ones,
// among them the emulator's own control API. The local server fetches
// anything, as it accepts webhooks on any address.
func newFetchClient(local bool) *http.Client {
	d := &net.Dialer{Timeout: 10 * time.Second}
	if !local {
		d.Control = func(_, address string, _ syscall.RawConn) error {
			host, _, err := net.SplitHostPort(address)
			if err != nil {
				return err
			}
			if ip := net.ParseIP(host); ip == nil || reservedIP(ip) {
				return errors.New("address " + host + " is reserved")
			}
			return nil
		}
	}
	tr := &http.Transport{DialContext: d.DialContext, TLSHandshakeTimeout: 10 * time.Second, ResponseHeaderTimeout: 20 * time.Second}
	return &http.Client{Timeout: 30 * time.Second, Transport: tr}
}

// reservedIP reports the addresses neither webhooks nor file URLs may use
// on the cloud server.
func reservedIP(ip net.IP) bool {
	return ip.IsLoopback() || ip.IsPrivate() || ip.IsUnspecified() || ip.IsLinkLocalUnicast() ||
		ip.IsLinkLocalMulticast() || ip.IsMulticast() || ip.IsInterfaceLocalMulticast()
}

// thumb keeps a thumbnail only when it follows the rules (Limits: JPEG,
// under 200 kB, each side at most 320; uploaded, never reused); otherwise
// it is ignored, as the service ignores it.
func (s *fileStore) thumb(ctx context.Context, f botapi.InputFile) *botapi.PhotoSize {
	if !f.IsUpload() || f.Reader() == nil {
		return nil
	}
	data, err := io.ReadAll(io.LimitReader(f.Reader(), thumbMaxBytes+1))
	if err != nil || len(data) >= thumbMaxBytes {
		return nil
	}
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width > thumbMaxSide || cfg.Height > thumbMaxSide {
		return nil
	}
	sf, err := s.put(kindThumb, f.Name(), data, botIDOf(ctx))
	if err != nil {
		return nil
	}
	ps := sf.photoSizes()
	return &ps[0]
}

func (f *storedFile) photoSizes() []botapi.PhotoSize {
	ps := botapi.PhotoSize{FileID: f.id, FileUniqueID: f.unique}
	ps.Width = f.width
	ps.Height = f.height
	ps.FileSize.Set(f.size)
	return []botapi.PhotoSize{ps}
}

func (f *storedFile) document(thumb *botapi.PhotoSize) *botapi.Document {
	d := &botapi.Document{FileID: f.id, FileUniqueID: f.unique, Thumb: thumb}
	f.named(&d.FileName, &d.MIMEType)
	d.FileSize.Set(f.size)
	return d
}

func (f *storedFile) named(name, mt *botapi.Opt[string]) {
	if f.name != "" {
		*name = botapi.Some(f.name)
	}
	if f.mime != "" {
		*mt = botapi.Some(f.mime)
	}
}

// scopeMessage rewrites the file ids of m, a copy the caller owns, to
// bot's ids (copying what it changes, since the stored message shares its
// pointers): a bot is only ever shown file ids it can use.
func (s *fileStore) scopeMessage(m *botapi.Message, bot int64) {
	id := func(p *string) { *p = s.idFor(*p, bot) }
	thumb := func(t **botapi.PhotoSize) {
		if *t != nil {
			c := **t
			id(&c.FileID)
			*t = &c
		}
	}
	m.Photo = s.scopeSizes(m.Photo, bot)
	m.NewChatPhoto = s.scopeSizes(m.NewChatPhoto, bot)
	if m.Animation != nil {
		c := *m.Animation
		id(&c.FileID)
		thumb(&c.Thumb)
		m.Animation = &c
	}
	if m.Audio != nil {
		c := *m.Audio
		id(&c.FileID)
		thumb(&c.Thumb)
		m.Audio = &c
	}
	if m.Document != nil {
		c := *m.Document
		id(&c.FileID)
		thumb(&c.Thumb)
		m.Document = &c
	}
	if m.Video != nil {
		c := *m.Video
		id(&c.FileID)
		thumb(&c.Thumb)
		m.Video = &c
	}
	if m.VideoNote != nil {
		c := *m.VideoNote
		id(&c.FileID)
		thumb(&c.Thumb)
		m.VideoNote = &c
	}
	if m.Voice != nil {
		c := *m.Voice
		id(&c.FileID)
		m.Voice = &c
	}
	for _, nested := range []**botapi.Message{&m.ReplyToMessage, &m.PinnedMessage} {
		if *nested != nil {
			c := **nested
			s.scopeMessage(&c, bot)
			*nested = &c
		}
	}
}

// scopeContent is content (what a newer send method's message carries,
// under the version's names) with every file_id member, at any depth,
// rewritten to bot's id; content itself when none changes (it is shared
// with the message it was copied from).
func (s *fileStore) scopeContent(content map[string]any, bot int64) map[string]any {
	if out, changed := s.scopeValue(content, bot, 0); changed {
		return out.(map[string]any)
	}
	return content
}

// scopeValue is x with its file_id members rewritten, copied where it
// changes; changed says whether anything did.
func (s *fileStore) scopeValue(x any, bot int64, depth int) (any, bool) {
	if depth > maxTranslateDepth {
		return x, false
	}
	switch v := x.(type) {
	case map[string]any:
		var out map[string]any
		for k, m := range v {
			y, changed := s.scopeValue(m, bot, depth+1)
			if id, ok := m.(string); ok && k == "file_id" {
				y = s.idFor(id, bot)
				changed = y != id
			}
			if changed {
				if out == nil {
					out = maps.Clone(v)
				}
				out[k] = y
			}
		}
		return out, out != nil
	case []any:
		var out []any
		for i, m := range v {
			if y, changed := s.scopeValue(m, bot, depth+1); changed {
				if out == nil {
					out = slices.Clone(v)
				}
				out[i] = y
			}
		}
		return out, out != nil
	}
	return x, false
}

func (s *fileStore) scopeSizes(ps []botapi.PhotoSize, bot int64) []botapi.PhotoSize {
	if ps == nil {
		return nil
	}
	out := make([]botapi.PhotoSize, len(ps))
	for i, p := range ps {
		p.FileID = s.idFor(p.FileID, bot)
		out[i] = p
	}
	return out
}

// scopeChatPhoto is scopeMessage for a chat photo.
func (s *fileStore) scopeChatPhoto(p *botapi.ChatPhoto, bot int64) *botapi.ChatPhoto {
	if p == nil {
		return nil
	}
	c := *p
	c.SmallFileID = s.idFor(c.SmallFileID, bot)
	c.BigFileID = s.idFor(c.BigFileID, bot)
	return &c
}

// hasFiles reports whether m or the messages it carries show a file.
func hasFiles(m *botapi.Message) bool {
	return m != nil && (m.Photo != nil || m.NewChatPhoto != nil || m.Animation != nil || m.Audio != nil ||
		m.Document != nil || m.Video != nil || m.VideoNote != nil || m.Voice != nil ||
		hasFiles(m.ReplyToMessage) || hasFiles(m.PinnedMessage))
}

// scopeUpdate applies scopeMessage to the messages of an update for bot
// (copying only messages that show a file).
func (s *fileStore) scopeUpdate(u *botapi.Update, bot int64) {
	for _, mp := range []**botapi.Message{&u.Message, &u.EditedMessage, &u.ChannelPost, &u.EditedChannelPost} {
		if hasFiles(*mp) {
			c := **mp
			s.scopeMessage(&c, bot)
			*mp = &c
		}
	}
	if q := u.CallbackQuery; q != nil && hasFiles(q.Message) {
		cq := *q
		c := *q.Message
		s.scopeMessage(&c, bot)
		cq.Message = &c
		u.CallbackQuery = &cq
	}
}
