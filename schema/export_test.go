package schema

var MarshalYAMLv3 = marshalYAMLv3
