/**
 * Every action kind, in menu order. This list is the only place kinds are enumerated: the
 * registry, the scene schema's payload union and the editors are built from it.
 */
import { dropProp } from './dropProp';
import { face } from './face';
import { gesture } from './gesture';
import { pickUpProp } from './pickUpProp';
import { ragdoll } from './ragdoll';
import { recover } from './recover';
import { speak } from './speak';
import { throwProp } from './throwProp';
import { wait } from './wait';
import { walkTo } from './walkTo';
import { cameraFollow } from './cameraFollow';
import { cameraFrame } from './cameraFrame';

export const ACTION_DEFINITIONS = [walkTo, wait, speak, face, gesture, ragdoll, recover, pickUpProp, dropProp, throwProp, cameraFollow, cameraFrame] as const;

export type AnyActionDefinition = (typeof ACTION_DEFINITIONS)[number];

export { defaultSpeechSeconds } from './speak';
