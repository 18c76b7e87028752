import { z } from "zod";
import { endpoint } from "../registry.ts";
import type { Domain } from "../../../domain/domain.ts";
import { contactMessage } from "../../../domain/contact/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { clientKey } from "../../http/client.ts";

const CONTACT_SENT = "Your message has been sent successfully. We'll get back to you soon!";

export const contactRoutes = (domain: Domain, trustProxy: boolean) => [
  endpoint({
    method: "post",
    path: "/contact-admin",
    tag: "contact",
    status: 201,
    summary: "Send a message to the ministry (stored before the answer; forwarded by mail when configured)",
    errors: [400, 413, 415, 429, 503],
    body: contactMessage,
    response: z.object({ message: z.string() }),
    handle: async ({ body, c }) => {
      const result = await domain.contact.submit(clientKey(c, trustProxy), body);
      if (result.status === "limited")
        throw new ApiError(429, "Too many messages from this connection. Please try again later.", {
          headers: { "retry-after": String(result.retryAfterSeconds) },
        });
      return { message: CONTACT_SENT };
    },
  }),
];
