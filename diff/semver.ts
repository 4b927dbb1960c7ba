/** The parts of `info.version` the breaking-change rule needs (semver `MAJOR.MINOR.PATCH[-pre]`). */
export interface Version {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

export function parseVersion(text: string | undefined): Version | undefined {
  const match = text === undefined ? null : SEMVER.exec(text.trim());
  if (!match) return undefined;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}

/** The smallest version that may carry a breaking change after `version`. */
export function nextMajor(version: Version): string {
  return `${version.major + 1}.0.0`;
}
