// The highlight video's three fields on create and PATCH: `highlight_video_url: null` clears all three; a new URL
// gets its provider detected unless one is sent; a provider or poster without any video URL is a 422.
import { invalidField } from "../lib/errors";
import { type VideoProvider, detectProvider } from "./video";

export interface VideoFields {
  highlightVideoUrl: string | null;
  highlightVideoPosterUrl: string | null;
  highlightVideoProvider: VideoProvider | null;
}

export interface VideoInput {
  highlight_video_url?: string | null;
  highlight_video_poster_url?: string | null;
  highlight_video_provider?: VideoProvider | null;
}

const NONE: VideoFields = { highlightVideoUrl: null, highlightVideoPosterUrl: null, highlightVideoProvider: null };

/** The fields to write, or null when the input does not touch the highlight video. */
export function resolveVideo(input: VideoInput, current: VideoFields, selfHost: string): VideoFields | null {
  const { highlight_video_url: url, highlight_video_poster_url: poster, highlight_video_provider: provider } = input;
  if (url === undefined && poster === undefined && provider === undefined) return null;
  const effectiveUrl = url === undefined ? current.highlightVideoUrl : url;
  if (effectiveUrl === null) {
    const why = url === null ? "must be omitted when highlight_video_url is null" : "needs a highlight_video_url";
    if (poster) throw invalidField("highlight_video_poster_url", why);
    if (provider) throw invalidField("highlight_video_provider", why);
    return NONE;
  }
  // A new URL, or an explicit null provider, means "detect"; otherwise the current provider stays.
  const redetect = url !== undefined || provider === null;
  return {
    highlightVideoUrl: effectiveUrl,
    highlightVideoPosterUrl: poster === undefined ? current.highlightVideoPosterUrl : poster,
    highlightVideoProvider: provider ?? (redetect ? detectProvider(effectiveUrl, selfHost) : current.highlightVideoProvider),
  };
}

export const videoFieldsOnCreate = (input: VideoInput, selfHost: string): VideoFields => resolveVideo(input, NONE, selfHost) ?? NONE;
