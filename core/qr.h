// QR codes of share links (core layer), by nayuki's QR Code generator 1.8.0 (Debian's
// qr-code-generator source package, MIT; fetched into .deps/qrcodegen by scripts/setup).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace xuanka::core {

struct QrMatrix {
  int size = 0;                     // modules per side (21 for version 1 ... 177 for version 40)
  std::vector<std::uint8_t> dark;   // size x size, row by row: 1 = a dark module
  bool at(int x, int y) const { return dark[static_cast<std::size_t>(y) * size + x] != 0; }
};

// The largest text a QR code holds: version 40 at error-correction level L in byte mode holds
// 2953 bytes (ISO/IEC 18004:2015, Table 7). Longer text gets no code.
constexpr std::size_t kQrMaxBytes = 2953;

// The smallest QR code of `text` (bytes as given, UTF-8 for a link), at error-correction level M
// (15% of codewords recoverable) or higher when the same version has room; L when only L fits.
// nullopt when the text is empty or longer than kQrMaxBytes.
std::optional<QrMatrix> make_qr(const std::string& text);

}  // namespace xuanka::core
