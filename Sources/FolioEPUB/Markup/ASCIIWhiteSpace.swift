/// Whether `byte` is ASCII white space as HTML, XML and CSS all read it: space, tab, line
/// feed, form feed, carriage return.
func isASCIIWhiteSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
}
