#include "core/app/book_progress.hpp"

#include "core/domain/rules.hpp"

namespace ll {

Result<BookProgressOutput> book_progress(LearnerPorts& ports, Id user_id,
                                         const BookProgressInput& input) {
    const PairIdParse pair = parse_pair_id(input.pair_id);
    if (!pair.id) {
        return pair.problem == PairIdProblem::missing ? errors::pair_id_required()
                                                      : errors::pair_id_not_positive();
    }
    const Timestamp now = ports.clock.now();
    BookingCommand command;
    command.user_id = user_id;
    command.pair_id = *pair.id;
    command.correct = parse_correct(input.correct);
    command.points = parse_points(input.points);
    command.now = now;
    command.today = ports.clock.local_date(now);

    BookingOutcome outcome = ports.progress.book(command);
    switch (outcome.status) {
        case BookingStatus::pair_not_found:
            return errors::pair_not_found();
        case BookingStatus::no_profile:
            return errors::no_profile_for_progress();
        case BookingStatus::booked:
            break;
    }
    BookProgressOutput out;
    out.total_ep = outcome.total_ep;
    out.level = level_for(outcome.total_ep);
    out.prev_level = level_for(outcome.previous_total_ep);
    out.streak_days = outcome.streak_days;
    out.streak_increased = outcome.streak_days > outcome.previous_streak_days;
    out.daily_ep = outcome.daily_ep;
    out.daily_goal_ep = outcome.daily_goal_ep;
    out.goal_just_reached = goal_just_reached(out.daily_ep, out.daily_goal_ep, command.points);
    out.unlocked_achievements = std::move(outcome.unlocked);
    return out;
}

}  // namespace ll
