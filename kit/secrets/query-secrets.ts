/**
 * Query parameters that carry credentials by convention (`?api_key=…`, OAuth's `?access_token=…`),
 * matched as whole names, ignoring letter case: `key` is one, `monkey` and `keyword` are not.
 */
const CREDENTIAL_PARAMS: readonly string[] = ['api_key', 'access_token', 'token', 'key'];

/**
 * `name=value` after `?` or `&`: the value runs to the next `&`, `#`, space, quote or angle
 * bracket, so the same pattern finds it in a bare URL, a shell line, JSON text and HTML alike.
 */
const CREDENTIAL_PARAM = new RegExp(`([?&](${CREDENTIAL_PARAMS.join('|')})=)([^&#\\s'"<>\\\\]+)`, 'gi');

/** The variable a reproduction reads a credential query parameter from: `token` → `$QUERY_TOKEN`. */
export function queryVariable(name: string): string {
  return `$QUERY_${name.toUpperCase()}`;
}

/** The variables `queryVariable` can give: a reproduction expands them like a key's. */
export const QUERY_VARIABLES: readonly string[] = CREDENTIAL_PARAMS.map(queryVariable);

/**
 * `text` with the value of every credential query parameter replaced by what `shown(name)` gives
 * (its variable by default). A value that is already a variable (`$API_KEY`, a key scrubbed
 * before) or already `shown` is left as it is.
 */
export function scrubCredentialParams(text: string, shown: (name: string) => string = queryVariable): string {
  if (!text.includes('=')) return text;
  return text.replace(CREDENTIAL_PARAM, (whole, lead: string, name: string, value: string) => {
    const instead = shown(name.toLowerCase());
    return value.startsWith('$') || value === instead || value === encodeURIComponent(instead)
      ? whole
      : `${lead}${instead}`;
  });
}
