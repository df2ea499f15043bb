/**
 * What a rendition's segments hold, read from their bytes rather than from what the encoder was asked for: the
 * multivariant playlist's CODECS (RFC 6381 §3.3) and RESOLUTION (RFC 8216 §4.3.4.2) must be what the player will
 * meet, or it may refuse a rendition it could play or pick one it cannot. The H.264 sequence parameter set (ITU-T
 * H.264 §7.3.2.1.1) gives the profile, constraints, level and picture size; the ADTS header (ISO/IEC 14496-3
 * §1.A.2.2) the AAC object type.
 */
import { firstPesPayload, isAudio, isVideo } from './ts';

export interface MediaFormat {
  /** `avc1.PPCCLL` (profile, constraint flags, level of the SPS, in hex) and `mp4a.40.<object type>` when it has audio. */
  codecs: string;
  width: number;
  height: number;
}

/** The format of an MPEG-TS segment carrying H.264 video (and AAC audio); throws when it has no readable SPS. */
export function mediaFormat(segment: Buffer): MediaFormat {
  const picture = firstPesPayload(segment, isVideo);
  const sps = picture && spsOf(picture);
  if (!sps) throw new Error('No H.264 sequence parameter set in the segment');
  const { profile, constraints, level, width, height } = parseSps(sps);
  const hex = (byte: number) => byte.toString(16).padStart(2, '0');
  const codecs = [`avc1.${hex(profile)}${hex(constraints)}${hex(level)}`];
  const audio = firstPesPayload(segment, isAudio);
  // ADTS: a 12-bit sync word, then the profile (the MPEG-4 audio object type less one) in the third byte's top bits.
  if (audio && audio[0] === 0xff && (audio[1]! & 0xf6) === 0xf0) codecs.push(`mp4a.40.${(audio[2]! >> 6) + 1}`);
  return { codecs: codecs.join(','), width, height };
}

/** The first SPS NAL unit (type 7) of an Annex B access unit, without its emulation prevention bytes. */
function spsOf(accessUnit: Buffer): Buffer | undefined {
  for (let i = 0; i + 3 < accessUnit.length; i++) {
    if (accessUnit[i] !== 0 || accessUnit[i + 1] !== 0 || accessUnit[i + 2] !== 1 || (accessUnit[i + 3]! & 0x1f) !== 7) continue;
    const bytes: number[] = [];
    for (let j = i + 4; j < accessUnit.length; j++) {
      // The next start code (00 00 01, or 00 00 00 before a 4-byte one) ends it; 00 00 03 escapes the byte after.
      if (accessUnit[j] === 0 && accessUnit[j + 1] === 0 && (accessUnit[j + 2] === 1 || accessUnit[j + 2] === 0)) break;
      if (j >= 2 && accessUnit[j] === 3 && accessUnit[j - 1] === 0 && accessUnit[j - 2] === 0) continue;
      bytes.push(accessUnit[j]!);
    }
    return Buffer.from(bytes);
  }
  return undefined;
}

/** Profiles whose SPS carries chroma format, bit depths and scaling matrices (H.264 §7.3.2.1.1). */
const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

function parseSps(sps: Buffer): { profile: number; constraints: number; level: number; width: number; height: number } {
  let at = 0;
  const bit = (): number => {
    if (at >= sps.length * 8) throw new Error('H.264 sequence parameter set ends early');
    const value = (sps[at >> 3]! >> (7 - (at & 7))) & 1;
    at++;
    return value;
  };
  const bits = (n: number): number => {
    let value = 0;
    for (let i = 0; i < n; i++) value = value * 2 + bit();
    return value;
  };
  // Exp-Golomb codes, unsigned and signed (§9.1).
  const ue = (): number => {
    let zeros = 0;
    while (bit() === 0) zeros++;
    return 2 ** zeros - 1 + bits(zeros);
  };
  const se = (): number => {
    const code = ue();
    return code % 2 === 1 ? (code + 1) / 2 : -code / 2;
  };

  const [profile, constraints, level] = [bits(8), bits(8), bits(8)];
  ue(); // seq_parameter_set_id
  let chroma = 1;
  if (HIGH_PROFILES.has(profile)) {
    chroma = ue();
    if (chroma === 3) bit(); // separate_colour_plane_flag
    ue(); // bit_depth_luma_minus8
    ue(); // bit_depth_chroma_minus8
    bit(); // qpprime_y_zero_transform_bypass_flag
    if (bit() === 1) {
      // Scaling lists are read only to be skipped (§7.3.2.1.1.1).
      for (let i = 0; i < (chroma === 3 ? 12 : 8); i++) {
        if (bit() === 0) continue;
        let [last, next] = [8, 8];
        for (let j = 0; j < (i < 6 ? 16 : 64); j++) {
          if (next !== 0) next = (last + se() + 256) % 256;
          last = next === 0 ? last : next;
        }
      }
    }
  }
  ue(); // log2_max_frame_num_minus4
  const pocType = ue();
  if (pocType === 0) ue();
  else if (pocType === 1) {
    bit();
    se();
    se();
    for (let n = ue(); n > 0; n--) se();
  }
  ue(); // max_num_ref_frames
  bit(); // gaps_in_frame_num_value_allowed_flag
  const widthInMbs = ue() + 1;
  const heightInMapUnits = ue() + 1;
  const frameMbsOnly = bit();
  if (frameMbsOnly === 0) bit(); // mb_adaptive_frame_field_flag
  bit(); // direct_8x8_inference_flag
  const [left, right, top, bottom] = bit() === 1 ? [ue(), ue(), ue(), ue()] : [0, 0, 0, 0];
  // Cropping is counted in chroma samples: 2 luma samples across in 4:2:0 and 4:2:2, 2 down in 4:2:0 (§7.4.2.1.1).
  const cropX = chroma === 1 || chroma === 2 ? 2 : 1;
  const cropY = (chroma === 1 ? 2 : 1) * (2 - frameMbsOnly);
  return {
    profile,
    constraints,
    level,
    width: widthInMbs * 16 - cropX * (left + right),
    height: (2 - frameMbsOnly) * heightInMapUnits * 16 - cropY * (top + bottom),
  };
}
