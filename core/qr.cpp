// QR codes of share links (core layer).
#include "core/qr.h"

#include "qrcodegen.hpp"

namespace xuanka::core {

std::optional<QrMatrix> make_qr(const std::string& text) {
  if (text.empty() || text.size() > kQrMaxBytes || text.find('\0') != std::string::npos) return std::nullopt;
  using qrcodegen::QrCode;
  using qrcodegen::QrSegment;
  const std::vector<QrSegment> segs = QrSegment::makeSegments(text.c_str());
  // Level M where it fits (a phone camera reading a screen at an angle, with glare); the library
  // raises the level when the chosen version has room (boostEcl) and picks the smallest version.
  // Byte mode is the largest encoding of any text, so kQrMaxBytes at level L never overflows
  // (the library would throw, and the page is built without exceptions).
  constexpr std::size_t kMaxBytesLevelM = 2331;  // version 40-M, byte mode (ISO/IEC 18004:2015 Table 7)
  const QrCode::Ecc level = text.size() <= kMaxBytesLevelM ? QrCode::Ecc::MEDIUM : QrCode::Ecc::LOW;
  const QrCode qr = QrCode::encodeSegments(segs, level, QrCode::MIN_VERSION, QrCode::MAX_VERSION, -1, true);
  QrMatrix m;
  m.size = qr.getSize();
  m.dark.resize(static_cast<std::size_t>(m.size) * m.size);
  for (int y = 0; y < m.size; ++y) {
    for (int x = 0; x < m.size; ++x) m.dark[static_cast<std::size_t>(y) * m.size + x] = qr.getModule(x, y) ? 1 : 0;
  }
  return m;
}

}  // namespace xuanka::core
