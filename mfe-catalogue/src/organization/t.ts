/** The organization settings' messages: the author tabs' t(key, English text, values); keys live in ./messages/*.json. */
export { useT } from '../project/settings/t';
