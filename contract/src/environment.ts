/**
 * Modrinth's v3 `environment` value (EnvironmentEnum) from the v2 client/server sides; the v2
 * document requires it on projects and versions. One table for the write side's answers and
 * the read side's views.
 */
const ENVIRONMENTS: Record<string, string> = {
  'required/required': 'client_and_server',
  'required/unsupported': 'client_only',
  'required/optional': 'client_only_server_optional',
  'unsupported/required': 'server_only',
  'optional/required': 'server_only_client_optional',
  'optional/optional': 'client_or_server_prefers_both',
  'optional/unsupported': 'client_only',
  'unsupported/optional': 'server_only',
};

export function environmentOf(clientSide: string, serverSide: string): string {
  return ENVIRONMENTS[`${clientSide}/${serverSide}`] ?? 'unknown';
}
