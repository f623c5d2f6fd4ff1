import CZlib

/// Writes 8-bit RGBA pixels as a PNG file, compressed with zlib (a studio frame is mostly flat
/// colour, so it shrinks to a few percent of its pixels). Each row is filtered with "Up"
/// (the difference from the row above), which turns the lanes' long horizontal bands into zeros.
enum PNGWriter {
    static func png(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        let stride = width * 4
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (stride + 1))
        for y in 0..<height {
            let row = y * stride
            if y == 0 {
                raw.append(0)  // filter type: none
                raw.append(contentsOf: rgba[row..<(row + stride)])
            } else {
                raw.append(2)  // filter type: up
                for x in 0..<stride { raw.append(rgba[row + x] &- rgba[row - stride + x]) }
            }
        }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr: [UInt8] = []
        ihdr += be32(UInt32(width)) + be32(UInt32(height))
        ihdr += [8, 6, 0, 0, 0]  // 8-bit RGBA, deflate, adaptive filtering, no interlace
        out += chunk("IHDR", ihdr)
        out += chunk("IDAT", deflate(raw))
        out += chunk("IEND", [])
        return out
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let t = Array(type.utf8)
        return be32(UInt32(data.count)) + t + data + be32(UInt32(truncatingIfNeeded: crc32(crc32(0, t, UInt32(t.count)), data, UInt32(data.count))))
    }

    /// A zlib stream (header, deflate data, Adler-32), as PNG's IDAT wants.
    static func deflate(_ data: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { o in
            data.withUnsafeBufferPointer { i in compress2(o.baseAddress, &size, i.baseAddress, uLong(data.count), 9) }
        }
        // compressBound is enough by definition; only memory exhaustion fails here.
        precondition(status == Z_OK, "zlib compress2 failed: \(status)")
        return Array(out[..<Int(size)])
    }
}
