// The client part of the runtime, long polling: the loop behind the
// generated update iterator, its back-off and ItemDecodeError. The whole part
// is described in rt_client.go. This comment, above the package clause,
// describes the source file only and is not copied into the generated
// package.

package runtime

import (
	"context"
	"errors"
	"strconv"
	"time"
)

// ---------------------------------------------------------------- polling

// clientBackoff is the bounded exponential wait of the long-polling
// iterator after an error: 1s, 2s, 4s, ... up to 30s; retry_after wins, up
// to clientPollMaxRetryAfter (or the retry policy's MaxRetryAfter).
type clientBackoff struct{ next time.Duration }

// clientPollMaxRetryAfter caps the iterator's wait for retry_after when no
// retry policy is set: a longer wait is cut to it, so a broken or hostile
// answer cannot park the bot for hours (the next attempt just gets another
// 429 if the service meant it).
const clientPollMaxRetryAfter = time.Minute

func (c *Client) backoff(ctx context.Context, b *clientBackoff, err error) error {
	if b.next == 0 {
		b.next = time.Second
	}
	d := b.next
	if b.next *= 2; b.next > 30*time.Second {
		b.next = 30 * time.Second
	}
	var ae *Error
	if errors.As(err, &ae) && ae.RetryAfter > 0 {
		max := clientPollMaxRetryAfter
		if c.retry != nil {
			max = c.retry.MaxRetryAfter
		}
		d = max
		if int64(ae.RetryAfter) < int64(max/time.Second) {
			d = time.Duration(ae.RetryAfter) * time.Second
		}
	}
	return c.wait(ctx, d)
}

// DefaultPollTimeout is the long-polling timeout, in seconds, the Updates
// iterator asks for when its parameters leave timeout unset: the service
// holds each request up to that long while there is nothing new, instead of
// answering an empty batch at once (a timeout of 0 is short polling, a
// request loop when nothing happens). An HTTP client Timeout must exceed it.
const DefaultPollTimeout = 30

// ItemDecodeError is yielded by the Updates iterator for an item of a batch
// that does not decode, or lacks its id: the iterator reports it, moves the
// offset past it (when its id is readable) and goes on with the next item,
// so one bad item never blocks the ones after it.
type ItemDecodeError struct {
	Field string // wire name of the item's id field (e.g. update_id)
	ID    int64  // the id, when readable (0 otherwise)
	Raw   []byte // the item's JSON, as received
	Err   error  // the decoding problem
	hasID bool
}

func (e *ItemDecodeError) Error() string {
	id := "an unreadable " + e.Field
	if e.hasID {
		id = e.Field + " " + strconv.FormatInt(e.ID, 10)
	}
	return "item with " + id + " skipped: " + e.Err.Error()
}

func (e *ItemDecodeError) Unwrap() error { return e.Err }

// clientPollKeys are the wire names the long-polling loop works with.
type clientPollKeys struct {
	id, offset, timeout string
}

// clientPollParams is the parameters of one long-polling request: the
// caller's parameters, encoded once, with offset and timeout replaced.
type clientPollParams struct {
	base    []byte
	keys    clientPollKeys
	offset  int64
	hasOff  bool
	timeout int64
	hasTime bool
}

func (p *clientPollParams) encodeJSON(w *jsonWriter) {
	w.ObjStart()
	if p.hasOff {
		w.Field(p.keys.offset)
		w.Int64(p.offset)
	}
	if p.hasTime {
		w.Field(p.keys.timeout)
		w.Int64(p.timeout)
	}
	r := jsonGetReader(p.base)
	defer jsonPutReader(r)
	err := r.Object(func(r *jsonReader, key []byte) error {
		if k := string(key); k == p.keys.offset || k == p.keys.timeout {
			return r.Skip()
		}
		raw, err := r.Raw()
		if err == nil {
			w.Field(string(key))
			w.Raw(raw)
		}
		return err
	})
	if err != nil && w.err == nil {
		w.err = err
	}
	w.ObjEnd()
}

// read takes offset and timeout from the encoded caller's parameters.
func (p *clientPollParams) read() error {
	r := jsonGetReader(p.base)
	defer jsonPutReader(r)
	return r.Object(func(r *jsonReader, key []byte) error {
		var err error
		switch string(key) {
		case p.keys.offset:
			if !r.Null() {
				p.offset, err = r.Int64()
				p.hasOff = err == nil
			}
		case p.keys.timeout:
			if !r.Null() {
				p.timeout, err = r.Int64()
				p.hasTime = err == nil
			}
		default:
			err = r.Skip()
		}
		return err
	})
}

// clientRawItems keeps the items of a JSON array undecoded.
type clientRawItems struct{ items [][]byte }

func (b *clientRawItems) decodeJSON(r *jsonReader) error {
	b.items = b.items[:0]
	return r.Array(func(r *jsonReader) error {
		raw, err := r.RawCopy()
		b.items = append(b.items, raw)
		return err
	})
}

// clientItemID reads the integer member key of the JSON object raw.
func clientItemID(raw []byte, key string) (int64, error) {
	r := jsonGetReader(raw)
	defer jsonPutReader(r)
	var id int64
	found := false
	err := r.Object(func(r *jsonReader, k []byte) error {
		if string(k) != key || found {
			return r.Skip()
		}
		if r.Null() {
			return errors.New(strconv.Quote(key) + " is null")
		}
		v, err := r.Int64()
		if err != nil {
			return jsonErrField(err, key)
		}
		id, found = v, true
		return nil
	})
	if err == nil && !found {
		err = errors.New("required field " + strconv.Quote(key) + " is missing")
	}
	return id, err
}

// clientPoll is the long-polling loop behind the generated iterator: it
// calls method with p (offset and timeout replaced, see keys) and yields
// every item of every batch, decoding items one by one.
//
//   - The offset moves past every item whose id is readable, decodable or
//     not, which confirms it to the service; an item that does not decode
//     is yielded as an *ItemDecodeError.
//   - Items whose id is below the offset (duplicates, older ones) are
//     dropped: each id is yielded at most once, in increasing order.
//   - An unset timeout becomes DefaultPollTimeout.
//   - After an error, and after a batch in which nothing could be confirmed
//     (the offset cannot move), it backs off (clientBackoff).
func clientPoll[T any, PT jsonCodec[T]](ctx context.Context, c *Client, method string, p clientParams, keys clientPollKeys, yield func(T, error) bool) {
	var zero T
	if c.baseErr != nil {
		yield(zero, clientWrap(method, c.baseErr))
		return
	}
	if c.validate {
		if v, ok := p.(interface{ Validate() error }); ok {
			if err := v.Validate(); err != nil {
				yield(zero, clientWrap(method, err))
				return
			}
		}
	}
	w := jsonGetWriter()
	p.encodeJSON(w)
	q := &clientPollParams{base: append([]byte(nil), w.Bytes()...), keys: keys}
	err := w.Err()
	jsonPutWriter(w)
	if err == nil {
		err = q.read()
	}
	if err != nil {
		yield(zero, clientWrap(method, err))
		return
	}
	if !q.hasTime {
		q.timeout, q.hasTime = DefaultPollTimeout, true
	}
	var b clientBackoff
	var batch clientRawItems
	for ctx.Err() == nil {
		if err := c.call(ctx, method, q, &batch); err != nil {
			if ctx.Err() != nil || !yield(zero, err) {
				return
			}
			if c.backoff(ctx, &b, err) != nil {
				return
			}
			continue
		}
		before, hadOff := q.offset, q.hasOff
		for _, raw := range batch.items {
			id, err := clientItemID(raw, keys.id)
			if err == nil {
				if q.hasOff && id < q.offset {
					continue // already yielded, or older than what was confirmed
				}
				q.offset, q.hasOff = id+1, true
			}
			hasID := err == nil
			var v T
			if err == nil {
				r := c.recv.reader(raw)
				err = PT(&v).decodeJSON(r)
				if err == nil {
					err = r.End()
				}
				if err == nil {
					c.recv.report(method, raw, r)
				}
				jsonPutReader(r)
			}
			if err != nil {
				if !yield(zero, &ItemDecodeError{Field: keys.id, ID: id, Raw: raw, Err: err, hasID: hasID}) {
					return
				}
				continue
			}
			if !yield(v, nil) {
				return
			}
		}
		if len(batch.items) == 0 || q.offset != before || q.hasOff != hadOff {
			b = clientBackoff{}
			continue
		}
		// Nothing in the batch could be confirmed: asking again at once
		// would get the same answer.
		if c.backoff(ctx, &b, nil) != nil {
			return
		}
	}
}
