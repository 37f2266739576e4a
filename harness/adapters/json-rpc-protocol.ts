/** The protocol version the kit asks for in `initialize`, over stdio and over HTTP alike (docs/stdio-protocol.md, docs/http-protocol.md). */
export const stdioProtocol = 'contract-kit/stdio@1'
