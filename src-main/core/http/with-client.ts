/** Runs `use` with a client opened for this one task, and closes the client whatever happens. */
export async function withClient<Client extends { close(): Promise<void> }, Result>(
  open: () => Client,
  use: (client: Client) => Promise<Result>,
): Promise<Result> {
  const client = open();
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}
