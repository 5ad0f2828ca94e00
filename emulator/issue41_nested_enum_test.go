package emulator_test

import (
	"testing"

	"github.com/apigen/apigen/emulator"
)

// Defect: a version's own enum value was put back only where the
// parameter itself is named like a field of the core's Message
// (entities, caption_entities): inside an album item (sendMediaGroup's
// media[i].caption_entities) or an edited medium (editMessageMedia's
// media.caption_entities) a spoiler entity stood in as the core's first
// entity type and came back as that type.
func TestVersionEnumValuesInsideMediaGroup(t *testing.T) {
	v := atNewest(t, nil)
	spoiler := []any{map[string]any{"type": "spoiler", "offset": 0, "length": 3}}
	media := []any{
		map[string]any{"type": "photo", "media": "attach://a", "caption": "one", "caption_entities": spoiler},
		map[string]any{"type": "photo", "media": "attach://b", "caption": "two"},
	}
	r := post(t, v, "sendMediaGroup", map[string]any{"chat_id": v.user.ID, "media": media},
		map[string][]byte{"a": pngImage(2, 2), "b": pngImage(3, 3)})
	if !r.OK {
		t.Fatalf("sendMediaGroup: %d %s", r.Status, r.Description)
	}
	msgs, _ := r.value().([]any)
	if len(msgs) != 2 {
		t.Fatalf("sendMediaGroup answered %s", r.Result)
	}
	if e, _ := at(msgs[0], "caption_entities").([]any); len(e) != 1 || at(e[0], "type") != "spoiler" {
		t.Errorf("the first item's caption_entities = %v, want the spoiler", at(msgs[0], "caption_entities"))
	}
	if e := at(msgs[1], "caption_entities"); e != nil {
		t.Errorf("the second item has caption_entities %v, want none", e)
	}
	id := num(at(msgs[0], "message_id"))
	if m, held := v.emu.Message(v.user.ID, emulator.Private(v.me.ID), id); !held || len(m.CaptionEntities) != 1 || string(m.CaptionEntities[0].Type) != "spoiler" {
		t.Errorf("the stored album item holds caption_entities %+v, want the spoiler", m.CaptionEntities)
	}
	// An edited medium's caption too.
	ed := post(t, v, "editMessageMedia", map[string]any{"chat_id": v.user.ID, "message_id": id,
		"media": map[string]any{"type": "photo", "media": "attach://c", "caption": "three", "caption_entities": spoiler}},
		map[string][]byte{"c": pngImage(4, 4)})
	if !ed.OK {
		t.Fatalf("editMessageMedia: %d %s", ed.Status, ed.Description)
	}
	if e, _ := at(ed.value(), "caption_entities").([]any); len(e) != 1 || at(e[0], "type") != "spoiler" {
		t.Errorf("the edited medium's caption_entities = %v, want the spoiler", at(ed.value(), "caption_entities"))
	}
	if m, _ := v.emu.Message(v.user.ID, emulator.Private(v.me.ID), id); len(m.CaptionEntities) != 1 || string(m.CaptionEntities[0].Type) != "spoiler" {
		t.Errorf("the stored edited medium holds caption_entities %+v, want the spoiler", m.CaptionEntities)
	}
}
