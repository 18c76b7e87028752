import { z } from "zod";
import { endpoint } from "../registry.ts";
import type { Domain } from "../../../domain/domain.ts";

const optionalText = (max: number) => z.string({ error: "must be text" }).max(max, `must be at most ${max} characters`).optional();

export const deviceRoutes = (domain: Domain) => [
  endpoint({
    method: "post",
    path: "/device/store",
    tag: "devices",
    status: 201,
    summary: "Mobile app registration. Answers 201 as the app expects; keeps only a count per platform and app version (no token, no IP)",
    errors: [400, 413, 415],
    body: z.object({
      device_name: optionalText(200),
      platform: optionalText(50),
      device_token: optionalText(4096),
      ip_address: optionalText(100),
      app_version: optionalText(50),
    }),
    response: z.object({ message: z.string() }),
    handle: async ({ body }) => {
      await domain.devices.register({ platform: body.platform, appVersion: body.app_version });
      return { message: "Device registered." };
    },
  }),
];
