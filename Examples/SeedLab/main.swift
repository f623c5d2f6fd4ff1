// The whole gesturelab command line, with the seed recognizers and delegates written for iOS
// (Examples/SeedRecognizers) as scene types and delegate names: what a user's own executable
// looks like (docs/custom-recognizers.md).
//
//     swift run seedlab replay recordings/traces/check-clean.jsonl --scene Examples/SeedLab/checkmark.yaml
import GestureLabCLI
import SeedRecognizersUIKit

GestureLabCLI.main(
    recognizers: [
        "TwoStrokeCheckmarkRecognizer": { TwoStrokeCheckmarkRecognizer() },
        "CheckPleaseGestureRecognizer": { CheckPleaseGestureRecognizer() },
        "CheckmarkGestureRecognizer": { CheckmarkGestureRecognizer() },
        "DownUpStrokeRecognizer": { DownUpStrokeRecognizer() },
        "CircleRecognizer": { CircleRecognizer() },
    ],
    delegates: [
        "simultaneousDrag": { SimultaneousDragDelegate() },
        "verticalDrag": { VerticalDragDelegate() },
    ])
