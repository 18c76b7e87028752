// The secret better-auth signs the workspace's cookies and encrypts TOTP secrets with. An operator may set
// WORKSPACE_SECRET; otherwise the first instance to need it makes a random one and keeps it in the
// database, so every instance on that database shares it and there is no default anywhere.
import { randomBytes } from "node:crypto";
import type { AccountsRepository } from "../../db/repositories/accounts.ts";
import { type AuthDatabase, workspaceAuth, type WorkspaceAuth } from "./auth.ts";

export function workspaceAuthOnFirstUse(
  database: AuthDatabase,
  accounts: AccountsRepository,
  o: { secret?: string; origin: string },
): () => Promise<WorkspaceAuth> {
  let made: Promise<WorkspaceAuth> | undefined;
  return () => {
    made ??= (async () => {
      const secret = o.secret ?? (await accounts.metaValueOnce("auth-secret", randomBytes(32).toString("base64url")));
      return workspaceAuth(database, { secret, origin: o.origin });
    })();
    // A failure (the database away) is not kept: the next request tries again.
    made.catch(() => {
      made = undefined;
    });
    return made;
  };
}
