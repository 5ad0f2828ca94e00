package specgen

import (
	"fmt"
	"strings"
)

// NewShapes applies to the 5.0 document the four edits of issue 11, the
// constructs a newer version of the document uses (each written the way the
// document already writes things):
//
//  1. one object as a variant of two unions: a second union section,
//     InputMediaAlbum, whose variant table lists InputMediaPhoto and
//     InputMediaVideo, and a method sendAlbum taking an array of it;
//  2. two variants with the same tag: InputMediaCachedPhoto, tag "photo",
//     with a field of its own (photo_file_id);
//  3. "X or Y" object unions that no single member tells apart:
//     CallbackQuery.message becomes "Message or InaccessibleMessage", whose
//     date is "Always 0", and Message.place is "ChatLocation or Venue",
//     whose required fields are a subset of the other's;
//  4. prose that reads like an enum: Message.caption_kind, "Caption for the
//     animation, audio, document, photo, video or voice".
//
// It fails when the document no longer contains the text an edit expects.
func NewShapes(doc []byte) ([]byte, error) {
	md := string(doc)
	var missing []string
	edit := func(old, new string) {
		if !strings.Contains(md, old) {
			missing = append(missing, old)
			return
		}
		md = strings.Replace(md, old, new, 1)
	}
	// 2. A second variant with the tag "photo".
	edit("| InputMediaPhoto | photo | none |\n",
		"| InputMediaPhoto | photo | none |\n| InputMediaCachedPhoto | photo | photo_file_id (String, Required; identifier of a photo already on the service) |\n")
	// 1. A second union section listing InputMediaPhoto and InputMediaVideo.
	edit("\n## States and transitions\n",
		"\n### InputMediaAlbum (media that can be grouped with photos in an album)\n\n"+
			"One of the two variants below. Common fields: type (String, required, fixed per variant), media (String, required), and, except where noted, caption (String, Optional, 0-1024 characters after entity parsing), parse_mode (String, Optional), caption_entities (Array of MessageEntity, Optional; may replace parse_mode).\n\n"+
			"- media is a file_id (recommended), an HTTP URL, or attach://<file_attach_name> to refer to a file uploaded in the same multipart/form-data request under <file_attach_name>.\n"+
			"- thumb (InputFile or String, Optional; variants video): JPEG under 200 kB, width and height at most 320, ignored unless uploaded via multipart/form-data, never reusable, may be given as attach://<file_attach_name>.\n\n"+
			"| Variant | type value | Extra fields |\n|---|---|---|\n"+
			"| InputMediaPhoto | photo | none |\n"+
			"| InputMediaVideo | video | thumb, width (Integer), height (Integer), duration (Integer), supports_streaming (Boolean); all Optional |\n"+
			"\n## States and transitions\n")
	edit("| sendLocation |",
		"| sendAlbum | chat_id (Required); media (Array of InputMediaAlbum, Required; JSON-serialized; 2-10 items); disable_notification (Boolean, Optional) | Array of Message |\n| sendLocation |")
	// 3. Message or InaccessibleMessage; ChatLocation or Venue.
	edit("### MessageId\n",
		"### InaccessibleMessage\n\n| Field | Type | Notes |\n|---|---|---|\n"+
			"| chat | Chat | Required. Chat the message belonged to |\n"+
			"| message_id | Integer | Required. Unique inside the chat |\n"+
			"| date | Integer | Required. Always 0. Tells the message apart from an accessible one |\n\n### MessageId\n")
	edit("| message | Message | Optional. Present if the button was on a message sent by the bot;",
		"| message | Message or InaccessibleMessage | Optional. Present if the button was on a message sent by the bot;")
	edit("| location | Location | Optional |\n",
		"| location | Location | Optional |\n| place | ChatLocation or Venue | Optional. The place the message is about |\n")
	// 4. A descriptive list ending in "or".
	edit("| caption_entities | Array of MessageEntity | Optional |\n| contact |",
		"| caption_entities | Array of MessageEntity | Optional |\n| caption_kind | String | Optional. Caption for the animation, audio, document, photo, video or voice |\n| contact |")
	if len(missing) > 0 {
		return nil, fmt.Errorf("specgen: the document no longer contains %q", missing)
	}
	return []byte(md), nil
}
